import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { loadItemListPage } from '../../items';
import { loadKanbanPage } from '../../kanban';
import { jsonResponse, mockFetch } from '../../../test/renderApp';
import type { MenuEntry } from '../api';
import { SideMenu } from './SideMenu';

vi.mock('../../kanban', async (original) => ({
  ...(await original<typeof import('../../kanban')>()),
  loadKanbanPage: vi.fn(() => Promise.resolve()),
}));
vi.mock('../../items', async (original) => ({
  ...(await original<typeof import('../../items')>()),
  loadItemListPage: vi.fn(() => Promise.resolve()),
}));

const entry = (key: string, name: string, link: string): MenuEntry => ({
  key,
  keyParent: null,
  name,
  link,
  icon: '',
  isFontAwesome: false,
  imageContent: '',
  badge: '',
  title: false,
  multilevel: false,
});

const menu = [
  entry('tasks', 'Tarefas', '/runtime/1/list/4/4/8/7/Tarefas'),
  entry('projects', 'Projetos', '/projects/Projetos'),
  entry('board', 'Quadro de tarefas', '/runtime/1/kanban/12/Quadro de tarefas'),
];

function renderMenu(entries = menu) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/runtime/1']}>
        <SideMenu menu={entries} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const calls = (fetch: ReturnType<typeof mockFetch>) => fetch.mock.calls.map(([input]) => String(input));

describe('the side menu', () => {
  it("asks a list entry's definitions and first page when the pointer rests on it", async () => {
    const fetch = mockFetch({}, () => jsonResponse({}));
    renderMenu();
    await userEvent.hover(screen.getByRole('link', { name: 'Tarefas' }));
    await waitFor(() => expect(calls(fetch).some((u) => u.includes('/api/genericItem/executeFilter'))).toBe(true));
    const definition = calls(fetch).find((u) => u.includes('/api/genericItem/getListControlData'));
    expect(definition).toContain('componentID=4');
    expect(definition).toContain('viewId=7');
    const [, init] = fetch.mock.calls.find(([input]) => String(input).endsWith('/executeFilter'))!;
    expect(JSON.parse(String(init?.body))).toMatchObject({ componentID: 4, queryId: 8, viewId: 7, page: 0 });
  });

  it('asks the same when an entry gets the keyboard focus, and nothing for an entry that is not a list', async () => {
    const fetch = mockFetch({}, () => jsonResponse({}));
    renderMenu();
    await userEvent.hover(screen.getByRole('link', { name: 'Projetos' }));
    expect(calls(fetch).filter((u) => u.includes('/api/genericItem/'))).toEqual([]);
    screen.getByRole('link', { name: 'Tarefas' }).focus();
    await waitFor(() => expect(calls(fetch).some((u) => u.includes('getListControlData'))).toBe(true));
  });

  it("loads the list's chunk while the browser is idle when the menu has lists, and not otherwise", async () => {
    mockFetch({}, () => jsonResponse({}));
    vi.mocked(loadItemListPage).mockClear();
    renderMenu(menu.slice(1, 2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(loadItemListPage).not.toHaveBeenCalled();
    renderMenu();
    await waitFor(() => expect(loadItemListPage).toHaveBeenCalledTimes(1));
  });

  it("asks a board entry's first cards when the pointer rests on it, and its chunk while idle", async () => {
    const fetch = mockFetch({}, () => jsonResponse({}));
    vi.mocked(loadKanbanPage).mockClear();
    renderMenu();
    await waitFor(() => expect(loadKanbanPage).toHaveBeenCalledTimes(1));
    expect(calls(fetch).some((u) => u.includes('/api/kanban/getBoard'))).toBe(false);
    await userEvent.hover(screen.getByRole('link', { name: 'Quadro de tarefas' }));
    await waitFor(() => expect(calls(fetch).some((u) => u.includes('/api/kanban/getBoard'))).toBe(true));
    expect(calls(fetch).find((u) => u.includes('/api/kanban/getBoard'))).toContain('viewID=12');
  });
});
