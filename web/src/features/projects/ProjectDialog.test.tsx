import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setSession } from '../../app/session';
import { dateInput, dateText, typeDate } from '../../test/dates';
import { jsonResponse } from '../../test/renderApp';
import { makeSession } from '../../test/session';
import { fakeProjectServer, project, renderDialog } from './fakeServer.testing';
import { ProjectDialog } from './ProjectDialog';

vi.setConfig({ testTimeout: 60_000 });

/** Types a whole value at once (typing key by key into MUI fields is slow in jsdom). */
const fill = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

const described = (input: HTMLElement) => input.getAttribute('aria-describedby') ?? '';
const helpOf = (input: HTMLElement) =>
  described(input)
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

describe('the project dialog', () => {
  it('checks the name before calling, then shows the server’s messages under their fields', async () => {
    setSession(makeSession({ hasPanelAdminPermission: true }));
    const user = userEvent.setup();
    const { bodies } = fakeProjectServer([], {}, (path) =>
      path === '/project/saveProject'
        ? jsonResponse(
            {
              Message: 'Há campos inválidos.##DETAILEDERROR##request 1',
              Validations: [
                { Field: 'code', Message: 'O código do projeto tem mais de 20 caracteres.' },
                { Field: 'itemTypeIds[1]', Message: 'O tipo de item 2 não existe ou não é usado em projetos.' },
              ],
            },
            400,
          )
        : undefined,
    );
    renderDialog(<ProjectDialog projectId={0} onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Novo projeto' });
    // A new project is managed by its creator unless told otherwise.
    expect(within(dialog).getByRole('combobox', { name: 'Gerente' })).toHaveValue('Maria Souza');

    await user.click(within(dialog).getByRole('button', { name: 'Criar projeto' }));
    const name = within(dialog).getByRole('textbox', { name: 'Nome' });
    expect(helpOf(name)).toContain('Informe o nome do projeto.');
    expect(name).toHaveFocus();
    expect(bodies('/project/saveProject')).toEqual([]);

    fill(name, '  Portal do Cliente ');
    fill(within(dialog).getByRole('textbox', { name: 'Código' }), 'PC');
    await typeDate(user, dateInput(within(dialog), 'Início'), '01032026');
    await typeDate(user, dateInput(within(dialog), 'Término'), '30062026');
    await user.click(within(dialog).getByRole('combobox', { name: 'Tipos de item' }));
    await user.click(await screen.findByRole('option', { name: 'Tarefa' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Tipos de item' }));
    await user.click(await screen.findByRole('option', { name: 'Risco' }));
    await user.click(within(dialog).getByRole('button', { name: 'Criar projeto' }));

    const code = within(dialog).getByRole('textbox', { name: 'Código' });
    await waitFor(() => expect(helpOf(code)).toContain('O código do projeto tem mais de 20 caracteres.'));
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveFocus();
    expect(within(dialog).getByText('O tipo de item 2 não existe ou não é usado em projetos.')).toBeInTheDocument();
    expect(bodies('/project/saveProject')).toEqual([
      {
        id: 0,
        name: 'Portal do Cliente',
        code: 'PC',
        managerId: 7,
        startDate: '2026-03-01',
        finishDate: '2026-06-30',
        description: '',
        calendarId: 0,
        itemTypeIds: [1, 2],
      },
    ]);

    // Changing the field clears its message.
    fill(code, 'P1');
    expect(helpOf(code)).not.toContain('O código do projeto');
  });

  it('refuses a finish before the start, and shows a refusal without a field above the form', async () => {
    setSession(makeSession({ hasPanelAdminPermission: true }));
    const user = userEvent.setup();
    const { bodies } = fakeProjectServer([], {}, (path) =>
      path === '/project/saveProject'
        ? jsonResponse({ Message: 'Só um administrador pode criar projetos.' }, 403)
        : undefined,
    );
    renderDialog(<ProjectDialog projectId={0} onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Novo projeto' });
    fill(within(dialog).getByRole('textbox', { name: 'Nome' }), 'Obra');
    await typeDate(user, dateInput(within(dialog), 'Início'), '10052026');
    await typeDate(user, dateInput(within(dialog), 'Término'), '01052026');
    await user.click(within(dialog).getByRole('button', { name: 'Criar projeto' }));
    expect(within(dialog).getByText('O término é anterior ao início.')).toBeInTheDocument();
    expect(bodies('/project/saveProject')).toEqual([]);

    await typeDate(user, dateInput(within(dialog), 'Término'), '01062026');
    await user.click(within(dialog).getByRole('button', { name: 'Criar projeto' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Só um administrador pode criar projetos.');
  });

  it('edits a project: its values in the fields, the whole project sent back', async () => {
    setSession(makeSession({ hasPanelAdminPermission: true }));
    const user = userEvent.setup();
    const saved = vi.fn();
    const closed = vi.fn();
    const current = project(5, 'Nova Sede', {
      code: 'NS',
      description: 'Mudança para o prédio novo',
      startDate: '2026-01-10',
      finishDate: '2026-09-30',
      calendarId: 9,
      calendarName: 'Comercial',
      itemTypes: [{ id: 2, name: 'Risco' }],
    });
    const { bodies } = fakeProjectServer([current], {}, (path, body) =>
      path === '/project/saveProject' ? jsonResponse({ ...current, ...body, managerName: 'João Lima' }) : undefined,
    );
    renderDialog(<ProjectDialog projectId={5} onClose={closed} onSaved={saved} />);
    const dialog = screen.getByRole('dialog', { name: 'Editar projeto' });
    const name = await within(dialog).findByRole('textbox', { name: 'Nome' });
    expect(name).toHaveValue('Nova Sede');
    expect(dateText(dateInput(within(dialog), 'Início'))).toBe('10/01/2026');
    expect(within(dialog).getByRole('combobox', { name: 'Calendário de trabalho' })).toHaveValue('Comercial');
    expect(within(dialog).getByText('O projeto aceita só este tipo.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('combobox', { name: 'Gerente' }));
    await user.click(await screen.findByRole('option', { name: /João Lima/ }));
    fill(within(dialog).getByRole('textbox', { name: 'Descrição' }), 'Prédio novo no centro');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(closed).toHaveBeenCalled());
    expect(bodies('/project/saveProject')).toEqual([
      {
        id: 5,
        name: 'Nova Sede',
        code: 'NS',
        managerId: 8,
        startDate: '2026-01-10',
        finishDate: '2026-09-30',
        description: 'Prédio novo no centro',
        calendarId: 9,
        itemTypeIds: [2],
      },
    ]);
    expect(saved).toHaveBeenCalledWith(expect.objectContaining({ id: 5, managerName: 'João Lima' }));
    expect(await screen.findByText('Projeto salvo.')).toBeInTheDocument();
  });

  it('archives after a confirmation and warns of the open items', async () => {
    setSession(makeSession({ hasPanelAdminPermission: true }));
    const user = userEvent.setup();
    const current = project(5, 'Nova Sede');
    const { bodies } = fakeProjectServer([current], {}, (path) =>
      path === '/project/archiveProject' ? jsonResponse({ ...current, status: 'archived', openItems: 3 }) : undefined,
    );
    renderDialog(<ProjectDialog projectId={5} onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Editar projeto' });
    await user.click(await within(dialog).findByRole('button', { name: 'Arquivar' }));

    const confirm = await screen.findByRole('dialog', { name: 'Arquivar projeto' });
    expect(confirm).toHaveTextContent('Arquivar “Nova Sede”?');
    await user.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    expect(bodies('/project/archiveProject')).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Arquivar' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Arquivar projeto' })).getByRole('button', { name: 'Arquivar' }),
    );
    expect(
      await screen.findByText('“Nova Sede” foi arquivado com 3 itens em aberto; eles continuam editáveis.'),
    ).toBeInTheDocument();
    expect(bodies('/project/archiveProject')).toEqual([{ projectId: 5, archived: true }]);
    // The dialog now offers bringing it back, and says what archived means.
    expect(await within(dialog).findByRole('button', { name: 'Reativar' })).toBeInTheDocument();
    expect(within(dialog).getByText('Projeto arquivado: continua visível, mas não recebe novos itens.')).toBeVisible();
  });

  it('shows a project the caller may not change without a save', async () => {
    setSession(makeSession());
    fakeProjectServer([project(5, 'Nova Sede', { canEdit: false })]);
    renderDialog(<ProjectDialog projectId={5} onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Editar projeto' });
    expect(await within(dialog).findByRole('textbox', { name: 'Nome' })).toBeDisabled();
    expect(
      within(dialog).getByText('Só um gerente do projeto ou um administrador pode mudar este projeto.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Salvar' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Arquivar' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Fechar' })).toBeInTheDocument();
  });
});
