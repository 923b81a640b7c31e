import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeSession } from '../test/session';
import { resetSecureStorageForTests } from './secureStorage';
import { loadSession, resetSessionForTests, sessionSaved, setSession } from './session';
import { startEarly } from './earlyStart';

const itemList = vi.hoisted(() => vi.fn(() => Promise.resolve({ default: () => null })));
const portal = vi.hoisted(() => vi.fn(() => Promise.resolve({ default: () => null })));
vi.mock('../features/items/list/ItemListPage', () => itemList());
vi.mock('../features/portal/shell/PortalLayout', () => portal());
vi.mock('../features/kanban/KanbanPage', () => ({ default: () => null }));
const gantt = vi.hoisted(() => vi.fn(() => Promise.resolve({ default: () => null })));
vi.mock('../features/schedule/SchedulePage', () => gantt());

const LIST = '/runtime/2/list/1/1/2/1/Tarefas';

/** The API calls asked, by path, answering each with an empty success. */
function recordCalls() {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      calls.push(new URL(String(input instanceof Request ? input.url : input), 'http://x').pathname);
      return Promise.resolve(new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } }));
    }),
  );
  return calls;
}

/** A page load: memory empty, what the browser stores kept. */
function reload() {
  resetSessionForTests();
  resetSecureStorageForTests();
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('startEarly', () => {
  afterEach(() => {
    window.localStorage.clear();
    reload();
  });

  it('asks the settings, and nothing of the shell, on the sign-in page', async () => {
    const calls = recordCalls();
    startEarly(new QueryClient(), '/login');
    await settle();
    expect(calls).toEqual(['/api/application/getPlatformSettings']);
  });

  it("starts a list's chunk, definitions and first page before anything renders", async () => {
    setSession(makeSession());
    await sessionSaved();
    reload();
    const calls = recordCalls();
    startEarly(new QueryClient(), LIST);
    await loadSession();
    await settle();
    expect(calls).toContain('/api/application/getPlatformSettings');
    expect(calls).toContain('/api/genericItem/getListControlData');
    expect(calls).toContain('/api/genericItem/executeFilter');
    expect(portal).toHaveBeenCalled();
    expect(itemList).toHaveBeenCalled();
  });

  it("asks a board's first cards on a board's address", async () => {
    setSession(makeSession());
    await sessionSaved();
    reload();
    const calls = recordCalls();
    startEarly(new QueryClient(), '/runtime/2/kanban/5/Quadro');
    await loadSession();
    await settle();
    expect(calls).toContain('/api/kanban/getBoard');
    expect(calls).not.toContain('/api/genericItem/executeFilter');
  });

  it("asks a project's schedule beside the Gantt's chunk on a schedule's address", async () => {
    setSession(makeSession());
    await sessionSaved();
    reload();
    const bodies: unknown[] = [];
    const calls = recordCalls();
    const recorded = vi.mocked(fetch).getMockImplementation()!;
    vi.mocked(fetch).mockImplementation((input, init) => {
      if (String(input).includes('getSchedule')) bodies.push(JSON.parse(String(init?.body)));
      return recorded(input, init);
    });
    startEarly(new QueryClient(), '/runtime/2/schedule/4/Cronograma', '?project=9');
    await loadSession();
    await settle();
    expect(gantt).toHaveBeenCalled();
    expect(calls).toContain('/api/genericItem/getSchedule');
    expect(bodies).toEqual([{ projectId: 9, viewId: 4, baselineId: 0 }]);
  });

  it('asks no schedule when the address names no project and none was opened here', async () => {
    setSession(makeSession());
    await sessionSaved();
    reload();
    const calls = recordCalls();
    startEarly(new QueryClient(), '/runtime/2/schedule/4/Cronograma', '');
    await loadSession();
    await settle();
    expect(calls).not.toContain('/api/genericItem/getSchedule');
  });

  it('asks no list data for a visitor without a session', async () => {
    const calls = recordCalls();
    startEarly(new QueryClient(), LIST);
    await loadSession();
    await settle();
    expect(calls).toEqual(['/api/application/getPlatformSettings']);
  });
});
