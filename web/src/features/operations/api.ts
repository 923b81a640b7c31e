import { queryOptions } from '@tanstack/react-query';
import { api, createApiClient } from '../../api/client';

export type ParameterType = 'STRING' | 'INTEGER' | 'DECIMAL' | 'CURRENCY' | 'BOOLEAN' | 'DATE_TIME' | 'PICKLIST';

/** A field of an operation's parameter form (getOperation, in the caller's language). */
export interface OperationParameter {
  key: string;
  name: string;
  type: ParameterType;
  required: boolean;
  options?: { value: string; text: string; color?: string }[];
}

export interface Operation {
  id: number;
  key: string;
  name: string;
  applicationId: number;
  componentId: number | null;
  bulk: boolean;
  result: 'message' | 'table' | 'file';
  parameters: OperationParameter[];
}

/** The operation of the route: its id, or its key within the application (docs/workflow.md). */
export interface OperationRef {
  operationId: number | string;
  appID?: number;
}

export const operationKeys = {
  operation: (ref: OperationRef) => ['operations', 'operation', ref.appID ?? 0, ref.operationId] as const,
};

export const operationQuery = (ref: OperationRef) =>
  queryOptions({
    queryKey: operationKeys.operation(ref),
    queryFn: ({ signal }) => api.post<Operation>('/genericItem/getOperation', ref, { signal }),
  });

export interface TableColumn {
  key: string;
  name: string;
}

/** What running an operation gave: its message, a table, or a file to save. */
export type OperationOutcome =
  | { kind: 'message'; message: string }
  | { kind: 'table'; message: string; columns: TableColumn[]; rows: Record<string, unknown>[] }
  | { kind: 'file'; name: string; blob: Blob };

interface ResultBody {
  Message?: string;
  result?: string;
  columns?: TableColumn[];
  rows?: Record<string, unknown>[];
}

/**
 * The file name of a Content-Disposition header: filename* (RFC 5987, UTF-8 percent-encoded, what
 * the server writes for names beyond ASCII) wins over filename. Undefined when it names no file.
 */
export function fileNameFromDisposition(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      return decodeURIComponent(extended[2].trim());
    } catch {
      // a malformed encoding: fall back to the plain name
    }
  }
  const plain = /filename\s*=\s*(?:"((?:\\.|[^"\\])*)"|([^;]+))/i.exec(header);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim();
  return name || undefined;
}

/**
 * Runs an operation with executeOperationCallResultFunction: a file result comes back as the file
 * itself (Content-Disposition names it), a message or a table as JSON. The shared client does not
 * hand out headers, so this call's client keeps the response's own.
 */
export async function runOperation(
  ref: OperationRef,
  params: Record<string, unknown>,
  fallbackName: string,
): Promise<OperationOutcome> {
  let headers: Headers | undefined;
  const client = createApiClient({
    fetch: async (input, init) => {
      const response = await globalThis.fetch(input, init);
      headers = response.headers;
      return response;
    },
  });
  const blob = await client.post<Blob>(
    '/genericItem/executeOperationCallResultFunction',
    { ...ref, params },
    { responseType: 'blob' },
  );
  const disposition = headers?.get('Content-Disposition') ?? null;
  if (disposition && /^\s*attachment/i.test(disposition)) {
    return { kind: 'file', name: fileNameFromDisposition(disposition) ?? fallbackName, blob };
  }
  const body = JSON.parse(await blob.text()) as ResultBody;
  if (body.result === 'table') {
    return { kind: 'table', message: body.Message ?? '', columns: body.columns ?? [], rows: body.rows ?? [] };
  }
  return { kind: 'message', message: body.Message ?? '' };
}
