/** Separates the part of a server message users see from the detail meant for developers. */
export const DETAIL_MARKER = '##DETAILEDERROR##';

/** A failed API call: the HTTP status (0 when no response arrived), the text to show, and any detail. */
export class ApiError extends Error {
  readonly status: number;
  readonly detail: string | undefined;
  readonly body: unknown;

  constructor(status: number, message: string, detail?: string, body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.detail = detail;
    this.body = body;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Splits 'shown##DETAILEDERROR##detail' at the first marker. */
export function splitDetailedError(text: string): { message: string; detail: string | undefined } {
  const at = text.indexOf(DETAIL_MARKER);
  if (at < 0) return { message: text.trim(), detail: undefined };
  const detail = text.slice(at + DETAIL_MARKER.length).trim();
  return { message: text.slice(0, at).trim(), detail: detail || undefined };
}

/** The server's message: the Message field of a JSON body (any casing the API uses). */
export function messageFromBody(body: unknown): string | undefined {
  if (typeof body === 'object' && body !== null) {
    const record = body as Record<string, unknown>;
    for (const key of ['Message', 'message']) {
      const value = record[key];
      if (typeof value === 'string' && value.trim()) return value;
    }
  }
  return undefined;
}
