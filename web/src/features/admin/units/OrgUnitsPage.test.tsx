import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setSession } from '../../../app/session';
import { jsonResponse, mockFetch, renderApp } from '../../../test/renderApp';
import { makeSession } from '../../../test/session';
import type { UserRow } from '../api';
import type { OrgUnit } from './api';
import { buildTree, filterUnits, pathOf, subtreeOf } from './tree';

vi.setConfig({ testTimeout: 30_000 });

const PATH = '/administration/orgUnits';

const unit = (id: number, name: string, parentId: number | null, extra: Partial<OrgUnit> = {}): OrgUnit => ({
  id,
  name,
  parentId,
  active: true,
  managerId: null,
  managerName: '',
  members: [],
  ...extra,
});

const UNITS = [
  unit(1, 'Diretoria', null, { managerId: 7, managerName: 'Ana Souza', members: [{ id: 7, name: 'Ana Souza' }] }),
  unit(3, 'Desenvolvimento', 2),
  unit(2, 'TI', 1),
  unit(4, 'Antiga', null, { active: false }),
];

const USERS: UserRow[] = [
  { id: 7, name: 'Ana Souza', email: 'ana@example.test', companyName: '', login: 'ana', active: true, avatar: '' },
  { id: 8, name: 'Bia Lima', email: 'bia@example.test', companyName: '', login: 'bia', active: true, avatar: '' },
];

function unitsFetch(other: (url: string, init?: RequestInit) => Response | undefined = () => undefined) {
  return mockFetch({}, (url, init) => {
    const answer = other(url, init);
    if (answer) return answer;
    if (url.endsWith('/api/admin/orgUnits/list')) return jsonResponse(UNITS);
    if (url.endsWith('/api/user/getUsers')) return jsonResponse(USERS);
    return jsonResponse({ Message: `unexpected ${url}` }, 500);
  });
}

const bodyOf = (fetch: ReturnType<typeof mockFetch>, path: string) => {
  const call = fetch.mock.calls.find(([url]) => String(url).endsWith(path));
  return call ? (JSON.parse(String(call[1]?.body)) as unknown) : undefined;
};

describe('the tree helpers', () => {
  it('nests units under their parents and keeps the ancestors of a match', () => {
    const tree = buildTree(UNITS);
    expect(tree.map((node) => node.unit.name)).toEqual(['Diretoria', 'Antiga']);
    expect(tree[0]!.children[0]!.children[0]!.unit.name).toBe('Desenvolvimento');
    expect(tree[0]!.children[0]!.children[0]!.depth).toBe(2);
    expect(filterUnits(UNITS, (name) => name === 'Desenvolvimento').map((u) => u.id)).toEqual([1, 3, 2]);
    expect([...subtreeOf(UNITS, 1)].sort()).toEqual([1, 2, 3]);
    expect(pathOf(UNITS, 3)).toBe('Diretoria / TI / Desenvolvimento');
  });
});

describe('the organizational structure screen', () => {
  it('shows the tree with managers, member counts and inactive units', async () => {
    setSession(makeSession({ hasPanelAdminPermission: true }));
    unitsFetch();
    renderApp(PATH);
    const tree = await screen.findByRole('list', { name: 'Estrutura organizacional' }, { timeout: 10_000 });
    const diretoria = await within(tree).findByRole('listitem', { name: 'Diretoria' });
    expect(within(diretoria).getByText('Gestor: Ana Souza · 1 membro')).toBeInTheDocument();
    const children = within(diretoria).getByRole('list', { name: 'Subunidades de Diretoria' });
    expect(within(children).getByRole('listitem', { name: 'TI' })).toBeInTheDocument();
    expect(within(children).getByRole('listitem', { name: 'Desenvolvimento' })).toBeInTheDocument();
    const antiga = within(tree).getByRole('listitem', { name: 'Antiga' });
    expect(within(antiga).getByText('Inativa')).toBeInTheDocument();
    expect(within(antiga).getByText('nenhum membro')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Estrutura organizacional' })).toBeInTheDocument();
  });

  it('adds a sub-unit with a member under the chosen unit', async () => {
    setSession(makeSession({ hasPanelAdminPermission: true }));
    const fetch = unitsFetch((url) =>
      url.endsWith('/api/admin/orgUnits/save') ? jsonResponse(unit(9, 'Suporte', 2)) : undefined,
    );
    renderApp(PATH);
    await userEvent.click(await screen.findByRole('button', { name: 'Nova subunidade de TI' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova unidade' });
    expect(within(dialog).getByRole('combobox', { name: 'Unidade superior' })).toHaveValue('Diretoria / TI');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Informe o nome da unidade.')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Nome' }), { target: { value: ' Suporte ' } });
    const members = within(dialog).getByRole('combobox', { name: 'Membros' });
    await userEvent.type(members, 'bia');
    await userEvent.click(await screen.findByRole('option', { name: 'Bia Lima (bia)' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(bodyOf(fetch, '/api/admin/orgUnits/save')).toEqual({
        id: 0,
        name: 'Suporte',
        parentId: 2,
        active: true,
        managerId: null,
        memberIds: [8],
      }),
    );
    expect(await screen.findByText('Unidade criada')).toBeInTheDocument();
  });

  it('does not offer a unit or its sub-units as its new parent', async () => {
    setSession(makeSession({ hasPanelAdminPermission: true }));
    unitsFetch();
    renderApp(PATH);
    await userEvent.click(await screen.findByRole('button', { name: 'Editar TI' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar TI' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Unidade superior' }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(['Diretoria', 'Antiga']);
  });

  it('shows the server’s refusal of a delete', async () => {
    setSession(makeSession({ hasPanelAdminPermission: true }));
    unitsFetch((url) =>
      url.endsWith('/api/admin/orgUnits/delete')
        ? jsonResponse({ Message: 'A unidade tem 1 subunidade; exclua-a ou mova-a antes.' }, 409)
        : undefined,
    );
    renderApp(PATH);
    await userEvent.click(await screen.findByRole('button', { name: 'Excluir Diretoria' }, { timeout: 10_000 }));
    await userEvent.click(await screen.findByRole('button', { name: 'Sim' }));
    expect(await screen.findByText('A unidade tem 1 subunidade; exclua-a ou mova-a antes.')).toBeInTheDocument();
  });
});
