import { API_BASE } from '../../../api/client';

export interface ServerEvent {
  event: string;
  data: string;
}

/**
 * Incremental parser of a text/event-stream (the WHATWG rules we need):
 * lines end with \n, \r\n or \r; a blank line dispatches; ':' lines are
 * comments; 'retry' is reported as an event of its own kind.
 */
export function createEventParser(onEvent: (event: ServerEvent) => void, onRetry?: (ms: number) => void) {
  let buffer = '';
  let event = '';
  let data: string[] = [];
  const line = (text: string) => {
    if (text === '') {
      if (data.length > 0) onEvent({ event: event || 'message', data: data.join('\n') });
      event = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'retry' && /^\d+$/.test(value)) onRetry?.(Number(value));
  };
  return (chunk: string) => {
    buffer += chunk;
    for (;;) {
      const match = /\r\n|\r|\n/.exec(buffer);
      if (!match) return;
      // A lone \r at the end may be the first half of \r\n: wait for more.
      if (match[0] === '\r' && match.index === buffer.length - 1) return;
      line(buffer.slice(0, match.index));
      buffer = buffer.slice(match.index + match[0].length);
    }
  };
}

export interface EventStreamOptions {
  getToken: () => string | null;
  getLanguage: () => string;
  onEvent: (event: ServerEvent) => void;
  /** For tests; defaults to the global fetch. */
  fetch?: typeof fetch;
  /** Backoff after a failure: starts here, doubles to maxDelay. */
  minDelay?: number;
  maxDelay?: number;
}

/**
 * Runs start once the page has loaded and the browser is idle (or 2 s later at most), so the message
 * stream never competes with the page's own chunks and data. Answers a cancel.
 */
function whenPageLoaded(start: () => void): () => void {
  let idle: number | undefined;
  let timer: number | undefined;
  const schedule = () => {
    if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(start, { timeout: 2000 });
    else timer = window.setTimeout(start, 0);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    if (idle !== undefined) window.cancelIdleCallback(idle);
    window.clearTimeout(timer);
  };
}

/**
 * Reads GET /api/message/events with fetch() and a ReadableStream, because
 * EventSource cannot send the bearer header. It opens after the page's load,
 * with a low fetch priority, so it never delays a page. Reconnects with
 * backoff until the returned stop() is called (sign-out, leaving the shell),
 * or when the server answers 401 (the session is over).
 */
export function openMessageEvents(options: EventStreamOptions): () => void {
  const controller = new AbortController();
  const { minDelay = 1000, maxDelay = 30_000 } = options;
  let delay = minDelay;
  let timer: number | undefined;

  const connect = async () => {
    const token = options.getToken();
    if (!token || controller.signal.aborted) return;
    try {
      const response = await (options.fetch ?? globalThis.fetch)(`${API_BASE}/message/events`, {
        headers: {
          Authorization: `Bearer ${token}`,
          Accept: 'text/event-stream',
          'Accept-Language': options.getLanguage(),
        },
        signal: controller.signal,
        cache: 'no-store',
        priority: 'low',
      });
      if (response.status === 401 || response.status === 403) return;
      if (!response.ok || !response.body) throw new Error(`events: ${response.status}`);
      const parse = createEventParser(
        (event) => {
          delay = minDelay; // a delivered event means the stream works
          options.onEvent(event);
        },
        (ms) => {
          delay = Math.max(minDelay, Math.min(ms, maxDelay));
        },
      );
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        parse(value);
      }
    } catch {
      if (controller.signal.aborted) return;
    }
    if (controller.signal.aborted) return;
    timer = window.setTimeout(() => void connect(), delay);
    delay = Math.min(delay * 2, maxDelay);
  };

  const cancelStart = whenPageLoaded(() => void connect());
  return () => {
    cancelStart();
    controller.abort();
    window.clearTimeout(timer);
  };
}
