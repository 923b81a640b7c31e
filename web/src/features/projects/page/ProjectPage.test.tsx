import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setSession } from '../../../app/session';
import { jsonResponse, mockFetch, renderApp } from '../../../test/renderApp';
import { makeSession } from '../../../test/session';
import type { Permissions, Project } from '../api';
import type { ProjectSummary, Wbs } from './api';

vi.setConfig({ testTimeout: 60_000 });

const project: Project = {
  id: 5,
  name: 'Transformação Digital',
  code: 'TD-01',
  description: '',
  startDate: '2025-01-06',
  finishDate: '2025-12-19',
  status: 'active',
  managerId: 3,
  managerName: 'Ana Gerente',
  calendarId: 0,
  calendarName: '',
  createdBy: 3,
  createdAt: '2025-01-02T10:00:00Z',
  modifiedAt: '2025-01-02T10:00:00Z',
  canEdit: true,
  itemTypes: [],
};

const summary: ProjectSummary = {
  projectId: 5,
  total: 7,
  open: 5,
  done: 2,
  progress: 28.6,
  types: [
    {
      id: 11,
      key: 'task',
      name: 'Tarefa',
      icon: '',
      applicationId: 2,
      kanbanViewId: 40,
      total: 6,
      open: 4,
      statuses: [
        { id: 1, key: 'todo', name: 'A fazer', color: '#90A4AE', final: false, count: 3 },
        { id: 2, key: 'doing', name: 'Em andamento', color: '#42A5F5', final: false, count: 1 },
        { id: 4, key: 'done', name: 'Concluída', color: '#66BB6A', final: true, count: 2 },
      ],
    },
    {
      id: 12,
      key: 'risk',
      name: 'Risco',
      icon: '',
      applicationId: 2,
      kanbanViewId: 0,
      total: 1,
      open: 1,
      statuses: [{ id: 9, key: 'open', name: 'Aberto', color: '#EF5350', final: false, count: 1 }],
    },
  ],
  activity: [
    {
      itemId: 101,
      componentId: 11,
      componentName: 'Tarefa',
      formattedId: 12,
      title: 'Migrar o ERP',
      id: 900,
      version: 3,
      operation: 'save',
      operationName: 'Alterado',
      modifiedAt: '2025-06-01T12:00:00Z',
      modifierName: 'Ana Gerente',
      changed: ['Situação', 'Título'],
    },
    {
      itemId: 104,
      componentId: 11,
      componentName: 'Tarefa',
      formattedId: 15,
      title: 'Treinar a equipe',
      id: 880,
      version: 1,
      operation: 'save',
      operationName: 'Criação',
      modifiedAt: '2025-05-30T09:00:00Z',
      modifierName: '',
      changed: ['Título', 'Prioridade'],
    },
  ],
};

const wbs: Wbs = {
  projectId: 5,
  truncated: false,
  items: [
    {
      id: 101,
      formattedId: 12,
      title: 'Migrar o ERP',
      componentId: 11,
      componentName: 'Tarefa',
      statusId: 1,
      statusName: 'A fazer',
      statusColor: '#90A4AE',
      final: false,
      parentId: 0,
      outline: '1',
      level: 1,
      children: 1,
    },
    {
      id: 102,
      formattedId: 13,
      title: 'Levantar dados',
      componentId: 11,
      componentName: 'Tarefa',
      statusId: 1,
      statusName: 'A fazer',
      statusColor: '#90A4AE',
      final: false,
      parentId: 101,
      outline: '1.1',
      level: 2,
      children: 1,
    },
    {
      id: 103,
      formattedId: 14,
      title: 'Entrevistas',
      componentId: 11,
      componentName: 'Tarefa',
      statusId: 4,
      statusName: 'Concluída',
      statusColor: '#66BB6A',
      final: true,
      parentId: 102,
      outline: '1.1.1',
      level: 3,
      children: 0,
    },
    {
      id: 104,
      formattedId: 15,
      title: 'Treinar a equipe',
      componentId: 11,
      componentName: 'Tarefa',
      statusId: 1,
      statusName: 'A fazer',
      statusColor: '#90A4AE',
      final: false,
      parentId: 0,
      outline: '2',
      level: 1,
      children: 0,
    },
  ],
};

const members: Permissions = {
  projectId: 5,
  projectName: 'Transformação Digital',
  readOnly: false,
  users: [
    { id: 7, name: 'Maria Souza', login: 'maria', role: 'read_only' },
    { id: 3, name: 'Ana Gerente', login: 'ana', role: 'manager' },
  ],
  groups: [{ id: 2, name: 'Equipe de TI', role: 'member' }],
};

function serve(change: { project?: Partial<Project>; summary?: Partial<ProjectSummary>; loadProject?: Response } = {}) {
  return mockFetch({}, (url) => {
    if (url.endsWith('/api/project/loadProject'))
      return change.loadProject ?? jsonResponse({ ...project, ...change.project });
    if (url.endsWith('/api/project/projectSummary')) return jsonResponse({ ...summary, ...change.summary });
    if (url.endsWith('/api/genericItem/getAllActivitiesToEAP')) return jsonResponse(wbs);
    if (url.endsWith('/api/genericItem/loadProjectPermissions')) return jsonResponse(members);
    return jsonResponse({ Message: `unexpected ${url}` }, 500);
  });
}

describe('ProjectPage', () => {
  it('shows the header, the progress and each type with its statuses and links', async () => {
    setSession(makeSession());
    const fetch = serve();
    renderApp('/runtime/2/project/5/Transforma%C3%A7%C3%A3o%20Digital');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Transformação Digital' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Ativo')).toBeInTheDocument();
    expect(screen.getByText('Código TD-01')).toBeInTheDocument();
    expect(screen.getByText(/Gerente: Ana Gerente/)).toBeInTheDocument();
    expect(await screen.findByText('28,6% concluído')).toBeInTheDocument();
    expect(screen.getByText('7 itens · 5 em aberto')).toBeInTheDocument();

    const task = screen.getByRole('region', { name: 'Tarefa' });
    expect(within(task).getByText('6 itens · 4 abertos')).toBeInTheDocument();
    expect(within(task).getByText('Em andamento')).toBeInTheDocument();
    expect(within(task).getByRole('link', { name: 'Abrir a lista de Tarefa do projeto' })).toHaveAttribute(
      'href',
      '/runtime/2/listProject/11/5/Tarefa',
    );
    expect(within(task).getByRole('link', { name: /Abrir o quadro de Tarefa/ })).toHaveAttribute(
      'href',
      '/runtime/2/kanban/40/Tarefa',
    );
    // A type without a board has no board link: no dead end.
    const risk = screen.getByRole('region', { name: 'Risco' });
    expect(within(risk).getByText('1 item · 1 aberto')).toBeInTheDocument();
    expect(within(risk).queryByRole('link', { name: /quadro/i })).not.toBeInTheDocument();

    const activity = screen.getByRole('list', { name: 'Atividade recente' });
    expect(within(activity).getByRole('link', { name: 'Tarefa 12 · Migrar o ERP' })).toHaveAttribute(
      'href',
      '/runtime/2/editItem/11/101/0',
    );
    expect(within(activity).getByText(/Alterou: Situação, Título/)).toBeInTheDocument();
    // A creation lists no changed fields; a version without a modifier says who as "Alguém".
    expect(within(activity).queryByText(/Prioridade/)).not.toBeInTheDocument();
    expect(within(activity).getByText(/^Alguém · /)).toBeInTheDocument();

    const people = await screen.findByRole('list', { name: 'Membros' });
    const rows = within(people)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(rows).toEqual(['Ana GerenteGerente', 'Equipe de TI · GrupoMembro', 'Maria SouzaSomente leitura']);

    const bodies = fetch.mock.calls.filter(([u]) => String(u).includes('/project/')).map(([, init]) => init?.body);
    expect(bodies).toContain(JSON.stringify({ projectId: 5 }));
    expect(screen.queryByText('Você só pode ler este projeto.')).not.toBeInTheDocument();
  });

  it('numbers the WBS and expands and collapses it', async () => {
    setSession(makeSession());
    serve();
    const user = userEvent.setup();
    renderApp('/runtime/2/project/5/TD');

    const tree = await screen.findByRole('tree', { name: 'Estrutura analítica (EAP)' });
    const outlines = () =>
      within(tree)
        .getAllByRole('treeitem')
        .map((li) => li.textContent);
    expect(outlines()).toEqual([
      '1Migrar o ERPTarefa 12A fazer',
      '1.1Levantar dadosTarefa 13A fazer',
      '1.1.1EntrevistasTarefa 14Concluída',
      '2Treinar a equipeTarefa 15A fazer',
    ]);
    expect(within(tree).getByRole('link', { name: 'Entrevistas' })).toHaveAttribute(
      'href',
      '/runtime/2/editItem/11/103/0',
    );

    await user.click(within(tree).getByRole('button', { name: 'Recolher Migrar o ERP' }));
    expect(outlines()).toEqual(['1Migrar o ERPTarefa 12A fazer', '2Treinar a equipeTarefa 15A fazer']);
    await user.click(within(tree).getByRole('button', { name: 'Expandir Migrar o ERP' }));
    expect(outlines()).toHaveLength(4);
    await user.click(screen.getByRole('button', { name: 'Recolher tudo' }));
    expect(outlines()).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Expandir tudo' }));
    expect(outlines()).toHaveLength(4);
  });

  it('warns when the project is archived with open items', async () => {
    setSession(makeSession());
    serve({ project: { status: 'archived' } });
    renderApp('/runtime/2/project/5/TD');
    expect(await screen.findByText('Arquivado')).toBeInTheDocument();
    expect(
      await screen.findByText(
        'Projeto arquivado com 5 itens abertos: ele não recebe novos itens, mas os abertos continuam editáveis.',
      ),
    ).toBeInTheDocument();
  });

  it('tells a read-only member they can only read', async () => {
    setSession(makeSession());
    serve({ project: { canEdit: false } });
    renderApp('/runtime/2/project/5/TD');
    expect(await screen.findByText('Você só pode ler este projeto.')).toBeInTheDocument();
  });

  it('answers an unknown project like a missing page, in English too', async () => {
    window.localStorage.setItem('language', 'en');
    setSession(makeSession());
    serve({ loadProject: jsonResponse({ Message: 'The record was not found.' }, 404) });
    renderApp('/runtime/2/project/99/X');
    expect(
      await screen.findByText('This project does not exist or you have no access to it.', {}, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the application' })).toHaveAttribute('href', '/runtime/2');
  });

  it('says one open item in English', async () => {
    window.localStorage.setItem('language', 'en');
    setSession(makeSession());
    serve({ project: { status: 'archived' }, summary: { open: 1, total: 1, done: 0, progress: 0 } });
    renderApp('/runtime/2/project/5/TD');
    expect(
      await screen.findByText(
        'Archived project with 1 open item: it takes no new items, but open ones stay editable.',
        {},
        { timeout: 8000 },
      ),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Progress' })).getByText('1 item · 1 open')).toBeInTheDocument();
    expect(screen.getByText('0% done')).toBeInTheDocument();
  });
});
