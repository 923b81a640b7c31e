import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { formKeys, type LinkChoice } from '../api';

// The predecessors of an item (docs/items.md, "Predecessors control").

const base = '/genericItem';

export const DEPENDENCY_TYPES = ['FS', 'SS', 'FF', 'SF'] as const;
export type DependencyType = (typeof DEPENDENCY_TYPES)[number];

export interface PredecessorRow {
  /** 0 for a predecessor the caller may not read (hidden). */
  id: number;
  FormattedID: number;
  Title: string;
  componentId: number;
  componentName: string;
  StatusName: string;
  StatusColor: string;
  type: DependencyType;
  lag: number;
  hidden: boolean;
}

export interface PredecessorList {
  rows: PredecessorRow[];
  canEdit: boolean;
  maxLag: number;
  max: number;
}

export interface PredecessorChange {
  itemId: number;
  componentId: number;
  predecessorId: number;
  predecessorComponentId?: number;
  type?: DependencyType;
  lag?: number;
}

export const predecessorKeys = {
  list: (itemId: number) => [...formKeys.all, 'predecessors', itemId] as const,
  choices: (itemId: number, predecessorComponentId: number, text: string) =>
    [...predecessorKeys.list(itemId), 'choices', predecessorComponentId, text] as const,
};

export function predecessorsQuery(itemId: number, componentId: number) {
  return queryOptions({
    queryKey: predecessorKeys.list(itemId),
    queryFn: ({ signal }) =>
      api.get<PredecessorList>(`${base}/loadPredecessorsFormData`, { query: { itemId, componentId }, signal }),
    enabled: itemId > 0,
  });
}

/** Items that could become predecessors (the control's type, the item's project, not yet one), by title or number. */
export function predecessorChoicesQuery(
  itemId: number,
  componentId: number,
  predecessorComponentId: number,
  text: string,
  enabled: boolean,
) {
  return queryOptions({
    queryKey: predecessorKeys.choices(itemId, predecessorComponentId, text),
    queryFn: ({ signal }) =>
      api.post<LinkChoice[]>(
        `${base}/loadPredecessorChoices`,
        { itemId, componentId, predecessorComponentId, text, limit: 50 },
        { signal },
      ),
    enabled: enabled && itemId > 0,
    staleTime: 10_000,
  });
}

export type PredecessorCall = 'addPredecessor' | 'updatePredecessor' | 'removePredecessor';

export const changePredecessors = (call: PredecessorCall, change: PredecessorChange) =>
  api.post<PredecessorList>(`${base}/${call}`, change);
