import { QueryClient, hashKey } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { scheduleKeys } from './api';
import { isScheduleLink, prefetchScheduleLink, refetchOnMount, rememberProject } from './prefetch';

describe('the schedule asked ahead of its page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  it('knows a schedule link from others', () => {
    expect(isScheduleLink('/runtime/2/schedule/4/Cronograma?project=3')).toBe(true);
    expect(isScheduleLink('/runtime/2/kanban/4/Quadro')).toBe(false);
  });

  it("takes the project last opened here, and the page's first mount keeps the answer once", () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    rememberProject(7);
    const client = new QueryClient();
    expect(prefetchScheduleLink(client, '/runtime/2/schedule/4/Cronograma')).toBe(true);
    const queryHash = hashKey(scheduleKeys.schedule(7, 4, 0));
    expect(client.getQueryCache().find({ queryKey: scheduleKeys.schedule(7, 4, 0) })).toBeDefined();
    expect(refetchOnMount({ queryHash })).toBe(false);
    // Later visits ask anew: an item's form may have moved the tasks meanwhile.
    expect(refetchOnMount({ queryHash })).toBe(true);
  });
});
