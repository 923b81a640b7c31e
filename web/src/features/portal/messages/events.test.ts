import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEventParser, openMessageEvents, type ServerEvent } from './events';

describe('createEventParser', () => {
  it('reads events split across chunks, skips comments, reports retry', () => {
    const events: ServerEvent[] = [];
    const retries: number[] = [];
    const feed = createEventParser(
      (e) => events.push(e),
      (ms) => retries.push(ms),
    );
    feed('retry: 5000\nevent: ready\nda');
    feed('ta: {}\n\n: ping\n\nevent: messages\r\ndata: {"change":"new","id":42}\r');
    feed('\n\r\n');
    expect(retries).toEqual([5000]);
    expect(events).toEqual([
      { event: 'ready', data: '{}' },
      { event: 'messages', data: '{"change":"new","id":42}' },
    ]);
  });

  it('joins data lines and defaults the event name', () => {
    const events: ServerEvent[] = [];
    createEventParser((e) => events.push(e))('data: a\ndata: b\n\n');
    expect(events).toEqual([{ event: 'message', data: 'a\nb' }]);
  });
});

describe('openMessageEvents', () => {
  afterEach(() => vi.useRealTimers());

  it('sends the bearer token, delivers events, and reconnects after the stream ends', async () => {
    vi.useFakeTimers();
    const encoder = new TextEncoder();
    const fetchMock = vi.fn(
      async () =>
        new Response(
          new ReadableStream({
            start(controller) {
              controller.enqueue(encoder.encode('event: messages\ndata: {"change":"allRead"}\n\n'));
              controller.close();
            },
          }),
          { status: 200 },
        ),
    );
    const onEvent = vi.fn();
    const stop = openMessageEvents({
      getToken: () => 'tok',
      getLanguage: () => 'en',
      onEvent,
      fetch: fetchMock as unknown as typeof fetch,
      minDelay: 100,
    });
    await vi.waitFor(() => expect(onEvent).toHaveBeenCalledWith({ event: 'messages', data: '{"change":"allRead"}' }));
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer tok');
    expect(init.priority).toBe('low');
    await vi.advanceTimersByTimeAsync(150);
    expect(fetchMock.mock.calls.length).toBeGreaterThanOrEqual(2);
    stop();
    const calls = fetchMock.mock.calls.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(calls);
  });

  it('waits for the page to load before it opens', async () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 401 }));
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const stop = openMessageEvents({
      getToken: () => 'tok',
      getLanguage: () => 'en',
      onEvent: vi.fn(),
      fetch: fetchMock as unknown as typeof fetch,
    });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(fetchMock).not.toHaveBeenCalled();
    readyState.mockRestore();
    window.dispatchEvent(new Event('load'));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    stop();
  });

  it('stops on 401', async () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 401 }));
    openMessageEvents({
      getToken: () => 'tok',
      getLanguage: () => 'en',
      onEvent: vi.fn(),
      fetch: fetchMock as unknown as typeof fetch,
      minDelay: 1,
    });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
