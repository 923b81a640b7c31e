import { api } from '../../api/client';

const BASE = '/genericItem';

/** A status as the workflow calls show it. */
export interface StatusRef {
  id: number;
  key: string;
  name: string;
  color: string;
  final: boolean;
}

/** An action the caller may run (getActions). */
export interface ActionView {
  id: number;
  key: string;
  name: string;
  from: StatusRef[];
  to: StatusRef;
  asksReason: boolean;
  requiresReason: boolean;
  asksResponsible: boolean;
  /** What validateByRule takes; 0 when the action has no rule. */
  ruleId: number;
}

/** A user who may become the responsible (loadResponsibles). */
export interface Responsible {
  id: number;
  name: string;
  login: string;
  email: string;
}

/** One item after a transition. */
export interface MovedItem {
  id: number;
  FormattedID: number;
  version: number;
  status: StatusRef;
  responsibleId: number | null;
  modificationDateTicks: number;
  changed: boolean;
}

export interface TriggerResult {
  Message: string;
  items: MovedItem[];
}

/** What an action asks before it runs: the reason and the new responsible. */
export interface ActionAnswers {
  reason: string;
  responsibleId: number | null;
}

/** The actions the caller may run on every selected item (422 when there is none). */
export function getActions(componentId: number, ids: number[], signal?: AbortSignal): Promise<ActionView[]> {
  return api.post<ActionView[]>(`${BASE}/getActions`, { componentId, ids }, { signal });
}

/** The actions leaving a status that the caller may run on some item (kanban columns). */
export function getActionsFromStatus(
  componentId: number,
  stateId: number,
  signal?: AbortSignal,
): Promise<ActionView[]> {
  return api.post<ActionView[]>(`${BASE}/getActions`, { componentId, stateId }, { signal });
}

export function loadResponsibles(
  request: { componentId: number; ids: number[]; action: number; text: string },
  signal?: AbortSignal,
): Promise<Responsible[]> {
  return api.post<Responsible[]>(`${BASE}/loadResponsibles`, { ...request, limit: 50 }, { signal });
}

export function triggerAction(
  componentId: number,
  ids: number[],
  action: number,
  answers: ActionAnswers,
): Promise<TriggerResult> {
  return api.post<TriggerResult>(`${BASE}/triggerAction`, {
    componentId,
    ids,
    action,
    reason: answers.reason,
    responsibleId: answers.responsibleId ?? 0,
  });
}
