import { loadCalendars, loadItemTypeStatuses, lookup, lookupSourceOf, type Choice, type LookupSource } from './lookups';

/** Where a reference field finds its choices: the lookups of lookups.ts, statuses of a type, work calendars. */
export type ReferenceSource = LookupSource | 'statuses' | 'calendars';

/** A choice with what statuses and calendars show besides their names. */
export interface ReferenceChoice extends Choice {
  /** A status's colour, as the lists and the kanban show it. */
  color?: string;
  /** A calendar's minutes of work in a week, and how many periods make them. */
  weeklyMinutes?: number;
  periods?: number;
}

/** The source of a reference control's choices; null when the server offers no picker for it. */
export function referenceSourceOf(attributeType: string | undefined, kind: string): ReferenceSource | null {
  const source = lookupSourceOf(attributeType, kind);
  if (source) return source;
  if (attributeType === 'ITEM_TYPE_STATUS') return 'statuses';
  if (attributeType === 'CALENDAR') return 'calendars';
  return null;
}

/** Choices matching text (or the ones with these ids); componentId names the type of items or statuses. */
export async function referenceLookup(
  source: ReferenceSource,
  request: { text?: string; ids?: number[]; componentId?: number },
  signal?: AbortSignal,
): Promise<ReferenceChoice[]> {
  switch (source) {
    case 'statuses': {
      const statuses = await loadItemTypeStatuses(
        { componentId: request.componentId ?? 0, text: request.text || undefined, ids: request.ids },
        signal,
      );
      return statuses.map((s) => ({ id: s.id, label: s.name, color: s.color || undefined }));
    }
    case 'calendars': {
      const calendars = await loadCalendars({ text: request.text || undefined, ids: request.ids }, signal);
      return calendars.map((c) => ({ id: c.id, label: c.name, weeklyMinutes: c.weeklyMinutes, periods: c.periods }));
    }
    default:
      return lookup(source, request, signal);
  }
}
