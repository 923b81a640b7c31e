import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../api/client';
import type { FormDefinition } from '../../forms';
import type { Operation } from '../../operations';

const BASE = '/genericItem';

/** The bulk form mode of getForm (spec section 3): the form's controls, nothing required. */
export const BULK_FORM_MODE = 3;

export const bulkKeys = {
  form: (componentID: number, formID: number, lang: string) =>
    ['items', 'bulkForm', componentID, formID, lang] as const,
  operations: (componentId: number, lang: string) => ['items', 'bulkOperations', componentId, lang] as const,
};

/** getForm in bulk mode; formID 0 is the type's first form, as on the list's route. */
export const bulkFormQuery = (componentID: number, formID: number, lang: string) =>
  queryOptions({
    queryKey: bulkKeys.form(componentID, formID, lang),
    queryFn: ({ signal }) =>
      api.post<FormDefinition>(
        `${BASE}/getForm`,
        { componentID, formID: formID || undefined, mode: BULK_FORM_MODE },
        { signal },
      ),
    staleTime: 5 * 60_000,
  });

export interface BulkUpdateResult {
  Message: string;
  updated: number;
}

/** bulkUpdateItems: the same values for every selected item, all or nothing. */
export const bulkUpdateItems = (request: {
  ids: number[];
  componentId: number;
  formID: number;
  values: Record<string, unknown>;
}) => api.post<BulkUpdateResult>(`${BASE}/bulkUpdateItems`, { ...request, formID: request.formID || undefined });

/** The bulk operations of an item type (getOperations with componentId). */
export const bulkOperationsQuery = (componentId: number, lang: string) =>
  queryOptions({
    queryKey: bulkKeys.operations(componentId, lang),
    queryFn: async ({ signal }) =>
      (await api.post<Operation[]>(`${BASE}/getOperations`, { componentId }, { signal })).filter((o) => o.bulk),
    staleTime: 5 * 60_000,
  });

export interface BulkOperationResult {
  Message: string;
  result?: string;
  items: { id: number; FormattedID: number; version: number; modificationDateTicks: number; changed: boolean }[];
}

/** executeBulkOperation: the operation's rule on each selected item, all or nothing. */
export const executeBulkOperation = (request: {
  operation: Operation;
  componentId: number;
  ids: number[];
  params: Record<string, unknown>;
}) =>
  api.post<BulkOperationResult>(`${BASE}/executeBulkOperation`, {
    operationId: request.operation.id,
    appID: request.operation.applicationId,
    componentId: request.componentId,
    ids: request.ids,
    params: request.params,
  });
