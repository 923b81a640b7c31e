import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { DatesProvider } from '../../app/DatesProvider';
import { jsonResponse, mockFetch } from '../../test/renderApp';
import type { Permissions, Project, ProjectRow } from './api';

// The project calls answered from memory, for the screens' tests: listProjects filters as the
// server does (status, name or code), every other answer can be replaced by `override`.

export const APP_PATH = '/runtime/2';

export function project(id: number, name: string, change: Partial<Project> = {}): Project {
  return {
    id,
    name,
    code: '',
    description: '',
    startDate: '',
    finishDate: '',
    status: 'active',
    managerId: 1,
    managerName: 'Ana Gerente',
    calendarId: 0,
    calendarName: '',
    createdBy: 1,
    createdAt: '2026-01-05T10:00:00Z',
    modifiedAt: '2026-01-05T10:00:00Z',
    canEdit: true,
    itemTypes: [],
    ...change,
  };
}

export const rowOf = (p: Project, members = 1, groups = 0): ProjectRow => ({
  id: p.id,
  name: p.name,
  code: p.code,
  managerId: p.managerId,
  managerName: p.managerName,
  startDate: p.startDate,
  finishDate: p.finishDate,
  status: p.status,
  members,
  groups,
  canEdit: p.canEdit,
});

export type Override = (path: string, body: Record<string, unknown>) => Response | undefined;

export function fakeProjectServer(
  projects: Project[],
  permissions: Record<number, Permissions> = {},
  override: Override = () => undefined,
) {
  const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const fetch = mockFetch({}, (url, init) => {
    const path = new URL(url, 'http://test').pathname.replace(/^\/api/, '');
    const body = (init?.body ? JSON.parse(String(init.body)) : {}) as Record<string, unknown>;
    const answer = override(path, body);
    if (answer) return answer;
    switch (path) {
      case '/application/getApplicationMenu':
        return jsonResponse([[], { id: 2, name: 'Gestão de Projetos', htmlScripts: '' }]);
      case '/project/listProjects': {
        const status = (body.status as string | undefined) ?? 'active';
        const text = fold(String(body.text ?? ''));
        return jsonResponse(
          projects
            .filter((p) => status === 'all' || p.status === status)
            .filter((p) => !text || fold(p.name).includes(text) || fold(p.code).includes(text))
            .map((p) => rowOf(p, permissions[p.id]?.users.length ?? 1, permissions[p.id]?.groups.length ?? 0)),
        );
      }
      case '/project/loadProject': {
        const found = projects.find((p) => p.id === body.projectId);
        return found ? jsonResponse(found) : jsonResponse({ Message: 'O registro não foi encontrado.' }, 404);
      }
      case '/genericItem/loadProjectPermissions': {
        const found = permissions[Number(body.projectId)];
        return found ? jsonResponse(found) : jsonResponse({ Message: 'O registro não foi encontrado.' }, 404);
      }
      case '/genericItem/getAllowedsProjectItemTypes':
        return jsonResponse([
          { id: 1, key: 'task', name: 'Tarefa', icon: '', applicationID: 2, canCreate: true },
          { id: 2, key: 'risk', name: 'Risco', icon: '', applicationID: 2, canCreate: true },
        ]);
      case '/genericItem/loadUsers':
        return jsonResponse([
          { id: 1, name: 'Ana Gerente', login: 'ana', email: 'ana@example.test' },
          { id: 7, name: 'Maria Souza', login: 'maria', email: 'maria@example.test' },
          { id: 8, name: 'João Lima', login: 'joao', email: 'joao@example.test' },
        ]);
      case '/genericItem/loadGroups':
        return jsonResponse([{ id: 4, name: 'Engenharia' }]);
      case '/genericItem/loadCalendars':
        return jsonResponse([{ id: 9, name: 'Comercial', weeklyMinutes: 2400, periods: 10 }]);
      default:
        return jsonResponse({ Message: `unexpected ${path}` }, 500);
    }
  });
  /** The bodies sent to a call, in order. */
  const bodies = (path: string) =>
    fetch.mock.calls
      .filter(([url]) => String(url).endsWith(path))
      .map(([, init]) => JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>);
  return { fetch, bodies };
}

/** Renders a dialog alone, inside the providers it needs (queries, date pickers, toasts). */
export function renderDialog(node: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const tree = (
    <QueryClientProvider client={queryClient}>
      <DatesProvider>
        <SnackbarProvider>{node}</SnackbarProvider>
      </DatesProvider>
    </QueryClientProvider>
  );
  return { ...render(tree), queryClient };
}
