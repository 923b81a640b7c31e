import type { APIRequestContext, Page } from '@playwright/test';
import { join } from 'node:path';
import { tramitaLive } from '../support/database';
import { test, expect } from '../support/fixtures';
import { apiToken, demoTaskForm, type DemoTaskForm } from '../support/formsApi';
import { dateInput, expectDate, typeDate } from '../support/dates';

// Editing in the grid (issue 7) on the demo task list of Gestão de Projetos: priority, dueDate
// and progress are editInGrid (apps/demo/project-management.yaml). A cell is edited in place
// (picklist, date, number in pt-BR, by mouse and by keyboard), Escape sends nothing, a value the
// form refuses comes back with the server's message and the old value, and an edit of a row the
// API changed meanwhile is refused (409) visibly, the row reloaded. Every outcome is checked
// through the API.

test.describe.configure({ mode: 'serial' });
// A server of its own: the references tests import an application into it (support/grid-refs-app.yaml).
test.use({ serverOptions: { env: { TRAMITA_E2E_SUITE: 'items-grid-edit' } } });

interface Row {
  id: number;
  Title: string;
  priorityValue?: string;
  progress?: number;
  dueDate?: string;
  LastModify: string;
}

const EDIT_HINT = 'Editável na lista: clique duas vezes na célula ou pressione Enter; Enter salva, Esc cancela.';

let demo: DemoTaskForm;
let headers: Record<string, string>;
let taskId = 0;
const title = `Grade ${Date.now() % 1_000_000}`;

/** The task as the server has it now. */
async function stored(request: APIRequestContext): Promise<Row> {
  const res = await request.post('/api/genericItem/executeFilter', {
    headers,
    data: {
      componentID: demo.componentId,
      listControlData: { componentID: demo.componentId },
      rowsPerPage: 50,
      page: 0,
      filters: [],
      search: title,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  const row = ((await res.json()) as { rows: Row[] }).rows.find((r) => r.id === taskId);
  if (!row) throw new Error(`task ${taskId} not listed`);
  return row;
}

const grid = (page: Page) => page.getByRole('grid');
const cellOf = (page: Page, field: string) =>
  grid(page).getByRole('row').filter({ hasText: title }).locator(`[role=gridcell][data-field="${field}"]`);
/** The cell's editor: the text box named after its column. */
const editorOf = (page: Page, field: string, name: string) => cellOf(page, field).getByRole('textbox', { name });

/** Waits until a toast has slid fully into the window (for a screenshot that shows all of it). */
async function settled(page: Page, text: string) {
  const toast = page.getByText(text);
  await expect(toast).toBeVisible();
  const width = page.viewportSize()?.width ?? 0;
  await expect
    .poll(async () => {
      const box = await toast.boundingBox();
      return box !== null && box.x + box.width <= width;
    })
    .toBe(true);
}

/** Counts the updateItemField calls the page sends. */
function countEdits(page: Page): { count: number } {
  const seen = { count: 0 };
  page.on('request', (r) => {
    if (r.url().endsWith('/api/genericItem/updateItemField')) seen.count++;
  });
  return seen;
}

/** From the desktop of a signed-in page (the adminPage fixture), the task of this run in the demo's task list. */
async function openTaskList(page: Page) {
  // Wide enough for the progress column (the grid renders only the columns in view).
  await page.setViewportSize({ width: 1920, height: 900 });
  await page.getByRole('button', { name: 'Gestão de Projetos' }).click();
  await page
    .getByRole('complementary', { name: 'Menu do aplicativo' })
    .getByRole('link', { name: 'Tarefas', exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tarefas' })).toBeVisible();
  await page.getByRole('button', { name: 'Pesquisar', exact: true }).click();
  await page.getByRole('searchbox', { name: 'Pesquisar' }).fill(title);
  await expect(page.getByTestId('list-summary')).toHaveText('Tarefa · 1 item');
  await expect(cellOf(page, 'progress')).toBeVisible();
}

test.beforeAll(async ({ request }) => {
  demo = await demoTaskForm(request);
  headers = { Authorization: `Bearer ${await apiToken(request)}` };
  const res = await request.post('/api/genericItem/saveItem', {
    headers,
    data: {
      component: demo.componentId,
      projectId: demo.projectId,
      item: { Title: title, priority: 'low', progress: 10 },
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  taskId = ((await res.json()) as { id: number }).id;
});

test('cells of editInGrid columns are edited in place and saved; Escape sends nothing', async ({
  adminPage: page,
  request,
}, testInfo) => {
  await openTaskList(page);
  const edits = countEdits(page);

  // Editable columns say so in their header (a pencil and a hint on hover); the others do not.
  const hint = EDIT_HINT;
  await grid(page).getByRole('columnheader', { name: 'PRIORIDADE' }).getByText('PRIORIDADE').hover();
  await expect(page.getByRole('tooltip', { name: hint })).toBeVisible();
  await grid(page).getByRole('columnheader', { name: 'STATUS' }).getByText('STATUS').hover();
  await expect(page.getByRole('tooltip', { name: 'Status', exact: true })).toBeVisible();
  await expect(page.getByRole('tooltip', { name: hint })).toHaveCount(0);
  await cellOf(page, 'progress').hover();
  await page.screenshot({ path: testInfo.outputPath('grid-editable-hover.png') });

  // Picklist by double-click: the choice saves at once.
  await cellOf(page, 'priority').dblclick();
  await page.getByRole('option', { name: 'Alta', exact: true }).click();
  await expect(page.getByText('Alteração salva: Prioridade.')).toBeVisible();
  await expect(cellOf(page, 'priority')).toHaveText('Alta');
  expect((await stored(request)).priorityValue).toBe('high');

  // Number by keyboard: a click focuses the cell (it does not open the form), Enter edits,
  // the text is in pt-BR (10 → "10"), Enter saves.
  await cellOf(page, 'progress').click();
  await expect(page).toHaveURL(/\/list\//);
  await page.keyboard.press('Enter');
  const progress = editorOf(page, 'progress', 'Progresso');
  await expect(progress).toHaveValue('10');
  await progress.fill('45,5');
  await page.screenshot({ path: testInfo.outputPath('grid-editing-number.png') });
  await page.keyboard.press('Enter');
  await expect(page.getByText('Alteração salva: Progresso.')).toBeVisible();
  await expect(cellOf(page, 'progress')).toHaveText('45,50%');
  expect((await stored(request)).progress).toBe(45.5);

  // Date in the column's format; an impossible day is refused in the cell before anything is sent.
  await cellOf(page, 'dueDate').dblclick();
  const due = dateInput(cellOf(page, 'dueDate'), 'Prazo');
  await typeDate(page, due, '31022031');
  await expectDate(due, '31/02/2031');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('tooltip').getByText('data incorreta')).toBeVisible();
  await expect(due).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('grid-editing-bad-date.png') });
  await typeDate(page, due, '15042031');
  await expectDate(due, '15/04/2031');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Alteração salva: Prazo.')).toBeVisible();
  await expect(cellOf(page, 'dueDate')).toHaveText('15/04/2031');
  expect((await stored(request)).dueDate).toBe('2031-04-15T00:00:00Z');

  // Picklist by keyboard: Enter opens the choices, the arrows move, Enter saves.
  await cellOf(page, 'priority').click();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('option', { name: 'Alta', exact: true })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Alteração salva: Prioridade.').first()).toBeVisible();
  await expect(cellOf(page, 'priority')).toHaveText('Média');
  await expect.poll(async () => (await stored(request)).priorityValue).toBe('medium');
  const sent = edits.count;
  expect(sent).toBe(4);

  // Escape leaves the value as it was and sends nothing.
  await cellOf(page, 'progress').dblclick();
  await editorOf(page, 'progress', 'Progresso').fill('99');
  await page.keyboard.press('Escape');
  await expect(editorOf(page, 'progress', 'Progresso')).toHaveCount(0);
  await expect(cellOf(page, 'progress')).toHaveText('45,50%');
  expect(edits.count).toBe(sent);
  expect((await stored(request)).progress).toBe(45.5);
  await page.screenshot({ path: testInfo.outputPath('grid-after-edits.png') });
});

test('a value the server refuses shows its message and the cell keeps the stored value', async ({
  adminPage: page,
  request,
}, testInfo) => {
  await openTaskList(page);
  const before = await stored(request);
  await cellOf(page, 'progress').dblclick();
  await editorOf(page, 'progress', 'Progresso').fill('150');
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/genericItem/updateItemField'));
  await page.keyboard.press('Enter');
  expect((await answer).status()).toBe(400);
  await settled(page, 'Progresso: o valor deve estar entre 0 e 100');
  await expect(editorOf(page, 'progress', 'Progresso')).toHaveCount(0);
  await expect(cellOf(page, 'progress')).toHaveText('45,50%');
  await page.screenshot({ path: testInfo.outputPath('grid-refused.png') });
  const after = await stored(request);
  expect(after.progress).toBe(45.5);
  expect(after.LastModify).toBe(before.LastModify);
});

test('an edit of a row changed meanwhile is refused visibly and the row shows what is stored', async ({
  adminPage: page,
  request,
}, testInfo) => {
  await openTaskList(page);
  await expect(cellOf(page, 'progress')).toHaveText('45,50%');

  // Someone else changes the task through the API after the list was read.
  const current = await stored(request);
  const res = await request.post('/api/genericItem/updateItemField', {
    headers,
    data: {
      itemId: taskId,
      componentId: demo.componentId,
      field: 'progress',
      value: 70,
      lastModify: current.LastModify,
    },
  });
  expect(res.status(), await res.text()).toBe(200);

  await cellOf(page, 'progress').dblclick();
  await editorOf(page, 'progress', 'Progresso').fill('20');
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/genericItem/updateItemField'));
  await page.keyboard.press('Enter');
  expect((await answer).status()).toBe(409);
  await settled(
    page,
    `O item "${title}" foi alterado enquanto a lista estava aberta: nada foi gravado e a linha foi recarregada com os valores atuais.`,
  );
  // The row is read again: the other change shows, the refused one is nowhere.
  await expect(cellOf(page, 'progress')).toHaveText('70,00%');
  await page.screenshot({ path: testInfo.outputPath('grid-stale.png') });
  expect((await stored(request)).progress).toBe(70);

  // The reloaded row carries the new version: the same edit now goes through. Typing on a
  // focused cell starts an empty editor with what is typed.
  await cellOf(page, 'progress').click();
  await page.keyboard.type('20');
  await expect(editorOf(page, 'progress', 'Progresso')).toHaveValue('20');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Alteração salva: Progresso.')).toBeVisible();
  await expect(cellOf(page, 'progress')).toHaveText('20,00%');
  expect((await stored(request)).progress).toBe(20);
});

test('in English numbers are typed with a decimal point and the texts follow', async ({
  adminPage: page,
  request,
}, testInfo) => {
  await openTaskList(page);
  await page.getByRole('button', { name: 'Mudar o idioma' }).click();
  await expect(grid(page).getByRole('columnheader', { name: 'PROGRESS' })).toBeVisible();
  await expect(cellOf(page, 'progress')).toHaveText('20.00%');

  await cellOf(page, 'progress').dblclick();
  const progress = editorOf(page, 'progress', 'Progress');
  await expect(progress).toHaveValue('20');
  await progress.fill('1.2.3');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('tooltip').getByText('enter a valid number')).toBeVisible();
  await progress.fill('12.75');
  await page.keyboard.press('Enter');
  await settled(page, 'Change saved: Progress.');
  await expect(cellOf(page, 'progress')).toHaveText('12.75%');
  await page.screenshot({ path: testInfo.outputPath('grid-saved-en.png') });
  expect((await stored(request)).progress).toBe(12.75);
});

// References edited in the grid and rows the caller may not change, on the contracts of
// support/grid-refs-app.yaml: every user reads contracts, only the administrator changes them.
test.describe('references and rights', () => {
  const PACKAGE = join(import.meta.dirname, '..', 'support', 'grid-refs-app.yaml');
  const reader = { login: 'leitora', name: 'Leitora Lima', password: 'Contrato-Leitura-7' };
  const contractTitle = `Contrato ${Date.now() % 1_000_000}`;
  const companyName = `Acme Contratos ${Date.now() % 1_000}`;
  let componentId = 0;
  let contractId = 0;
  let readerId = 0;
  let companyId = 0;

  interface ContractRow {
    id: number;
    owner?: string;
    ownerID?: number;
    client?: string;
    clientID?: number;
    CanEdit?: boolean;
    CannotEditReason?: string;
    LastModify: string;
  }

  async function contract(request: APIRequestContext, token = headers): Promise<ContractRow> {
    const res = await request.post('/api/genericItem/executeFilter', {
      headers: token,
      data: {
        componentID: componentId,
        listControlData: { componentID: componentId },
        rowsPerPage: 50,
        page: 0,
        filters: [],
        search: contractTitle,
      },
    });
    expect(res.status(), await res.text()).toBe(200);
    const row = ((await res.json()) as { rows: ContractRow[] }).rows.find((r) => r.id === contractId);
    if (!row) throw new Error(`contract ${contractId} not listed`);
    return row;
  }

  /** Signs in as a user who may have a single application: she lands on the desktop or in it. */
  async function signInAs(page: Page, login: string, password: string) {
    await page.goto('/?next=%2Fapp');
    await page.getByLabel('Login', { exact: true }).fill(login);
    await page.getByLabel('Senha', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page).toHaveURL(/\/app$|\/runtime\//);
  }

  /** From a signed-in page, on the desktop or in the application, the contract of this run in its list. */
  async function openContracts(page: Page) {
    // Wide enough for every column (the grid renders only the columns in view).
    await page.setViewportSize({ width: 1920, height: 900 });
    if (/\/app$/.test(page.url())) await page.getByRole('button', { name: 'Contratos E2E' }).click();
    await page
      .getByRole('complementary', { name: 'Menu do aplicativo' })
      .getByRole('link', { name: 'Contratos', exact: true })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Contratos', exact: true })).toBeVisible();
    await expect(grid(page).getByRole('row').filter({ hasText: contractTitle })).toBeVisible();
  }

  const contractCell = (page: Page, field: string) =>
    grid(page).getByRole('row').filter({ hasText: contractTitle }).locator(`[role=gridcell][data-field="${field}"]`);

  test.beforeAll(async ({ server, request }) => {
    tramitaLive(server, ['apps', 'import', PACKAGE]);
    tramitaLive(server, [
      'admin',
      'user',
      'add',
      reader.login,
      '--name',
      reader.name,
      '--email',
      'leitora@example.test',
      '--password',
      reader.password,
    ]);
    headers = { Authorization: `Bearer ${await apiToken(request)}` };
    const component = await request.get('/api/genericItem/getComponentByName?name=contract', { headers });
    expect(component.status(), await component.text()).toBe(200);
    componentId = ((await component.json()) as { id: number }).id;
    const company = await request.post('/api/admin/companies/save', { headers, data: { id: 0, name: companyName } });
    expect(company.status(), await company.text()).toBe(200);
    companyId = ((await company.json()) as { id: number }).id;
    const users = await request.post('/api/genericItem/loadUsers', { headers, data: { text: reader.name } });
    readerId = ((await users.json()) as { id: number }[])[0]!.id;
    const saved = await request.post('/api/genericItem/saveItem', {
      headers,
      data: { component: componentId, projectId: 0, item: { Title: contractTitle, amount: 1500 } },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    contractId = ((await saved.json()) as { id: number }).id;
  });

  test('a reference cell searches as the form does and saves the choice', async ({
    adminPage: page,
    request,
  }, testInfo) => {
    await openContracts(page);
    const edits = countEdits(page);
    // The administrator may change contracts: the reference columns say they are edited in place.
    await grid(page).getByRole('columnheader', { name: 'GESTOR' }).getByText('GESTOR').hover();
    await expect(page.getByRole('tooltip', { name: EDIT_HINT })).toBeVisible();
    await page.mouse.move(0, 0);
    await expect(page.getByRole('tooltip', { name: EDIT_HINT })).toHaveCount(0);

    // A user: double-click opens the search; typing narrows it; the choice saves at once.
    await contractCell(page, 'owner').dblclick();
    const owner = contractCell(page, 'owner').getByRole('combobox', { name: 'Gestor' });
    await expect(owner).toBeFocused();
    await owner.fill('Leitora');
    const option = page.getByRole('option', { name: new RegExp(reader.name) });
    await expect(option).toBeVisible();
    // The server's answer to the text is the list: the administrator is no longer offered.
    await expect(page.getByRole('option', { name: /Administrador/ })).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath('grid-reference-search.png') });
    await option.click();
    await expect(page.getByText('Alteração salva: Gestor.')).toBeVisible();
    await expect(contractCell(page, 'owner')).toHaveText(reader.name);

    // A company, by keyboard: Enter starts, the arrows pick, Enter saves.
    await contractCell(page, 'client').click();
    await page.keyboard.press('Enter');
    const client = contractCell(page, 'client').getByRole('combobox', { name: 'Cliente' });
    await expect(client).toBeFocused();
    await page.keyboard.type(companyName);
    await expect(page.getByRole('option', { name: companyName })).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page.getByText('Alteração salva: Cliente.')).toBeVisible();
    await expect(contractCell(page, 'client')).toHaveText(companyName);
    expect(edits.count).toBe(2);

    // Escape leaves the reference as it was and sends nothing.
    await contractCell(page, 'client').dblclick();
    await contractCell(page, 'client').getByRole('combobox', { name: 'Cliente' }).fill('zzz');
    await page.keyboard.press('Escape');
    await expect(contractCell(page, 'client').getByRole('combobox')).toHaveCount(0);
    await expect(contractCell(page, 'client')).toHaveText(companyName);
    expect(edits.count).toBe(2);

    // Stored, and listed by name after a reload.
    const row = await contract(request);
    expect(row).toMatchObject({ ownerID: readerId, owner: reader.name, clientID: companyId, client: companyName });
    await page.reload();
    await expect(contractCell(page, 'owner')).toHaveText(reader.name);
    await expect(contractCell(page, 'client')).toHaveText(companyName);
    await page.screenshot({ path: testInfo.outputPath('grid-reference-saved.png') });
  });

  test('a user who may only read sees the cells not editable, with the reason', async ({ page, request }, testInfo) => {
    const readerHeaders = { Authorization: `Bearer ${await apiToken(request, reader.login, reader.password)}` };
    const row = await contract(request, readerHeaders);
    const reason = 'O usuário não possui permissão de editar itens do tipo Contrato.';
    expect(row).toMatchObject({ CanEdit: false, CannotEditReason: reason });

    const edits = countEdits(page);
    await signInAs(page, reader.login, reader.password);
    await openContracts(page);
    // The headers do not claim the columns are edited in place; the cells have no editing frame.
    await grid(page).getByRole('columnheader', { name: 'VALOR' }).getByText('VALOR').hover();
    await expect(page.getByRole('tooltip', { name: 'Valor', exact: true })).toBeVisible();
    await expect(page.getByRole('tooltip', { name: EDIT_HINT })).toHaveCount(0);
    await expect(contractCell(page, 'amount')).not.toHaveClass(/tramita-cell-editable/);
    await expect(contractCell(page, 'amount')).toHaveClass(/tramita-cell-locked/);
    // The reason on hover.
    await contractCell(page, 'amount')
      .getByText(/1\.500,00/)
      .hover();
    const tooltip = page.getByRole('tooltip', { name: reason });
    await expect(tooltip).toBeVisible();
    // Faded in fully before the picture.
    await expect.poll(() => tooltip.evaluate((el) => getComputedStyle(el.firstElementChild ?? el).opacity)).toBe('1');
    await page.screenshot({ path: testInfo.outputPath('grid-read-only.png') });
    // Enter on the focused cell opens no editor (the keyboard walks there from the row's check box).
    await contractCell(page, '__check__').click();
    for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowRight');
    await expect(contractCell(page, 'amount')).toBeFocused();
    await page.keyboard.press('Enter');
    await page.keyboard.type('9');
    await expect(contractCell(page, 'amount').getByRole('textbox')).toHaveCount(0);
    await expect(contractCell(page, 'amount')).toHaveText(/1\.500,00/);
    await expect(page).toHaveURL(/\/list\//);
    expect(edits.count).toBe(0);
    // The server refuses it anyway, with the same reason.
    const res = await request.post('/api/genericItem/updateItemField', {
      headers: readerHeaders,
      data: {
        itemId: contractId,
        componentId,
        field: 'amount',
        value: 9,
        lastModify: (await contract(request)).LastModify,
      },
    });
    expect(res.status()).toBe(403);
    expect(((await res.json()) as { Message: string }).Message.startsWith(reason)).toBe(true);
  });
});

// A dependent picklist edited in the grid (support/grid-picklist-app.yaml: Subárea depends on
// Área): its editor offers only the options of the row's Área, none with a hint while the Área is
// empty; a new Área empties a Subárea it leaves out (as the form does), and the server refuses a
// Subárea of another Área.
test.describe('a dependent picklist', () => {
  const PACKAGE = join(import.meta.dirname, '..', 'support', 'grid-picklist-app.yaml');
  const stamp = Date.now() % 1_000_000;
  const withArea = `Chamado da TI ${stamp}`;
  const withoutArea = `Chamado sem área ${stamp}`;
  let componentId = 0;
  const ids: Record<string, number> = {};

  interface TicketRow {
    id: number;
    areaValue?: string;
    subarea?: string;
    subareaValue?: string;
    LastModify: string;
  }

  async function ticket(request: APIRequestContext, title: string): Promise<TicketRow> {
    const res = await request.post('/api/genericItem/executeFilter', {
      headers,
      data: {
        componentID: componentId,
        listControlData: { componentID: componentId },
        rowsPerPage: 50,
        page: 0,
        filters: [],
        search: title,
      },
    });
    expect(res.status(), await res.text()).toBe(200);
    const row = ((await res.json()) as { rows: TicketRow[] }).rows.find((r) => r.id === ids[title]);
    if (!row) throw new Error(`ticket ${title} not listed`);
    return row;
  }

  const ticketCell = (page: Page, title: string, field: string) =>
    grid(page).getByRole('row').filter({ hasText: title }).locator(`[role=gridcell][data-field="${field}"]`);
  const offered = (page: Page) => page.getByRole('listbox').getByRole('option');

  test.beforeAll(async ({ server, request }) => {
    tramitaLive(server, ['apps', 'import', PACKAGE]);
    headers = { Authorization: `Bearer ${await apiToken(request)}` };
    const component = await request.get('/api/genericItem/getComponentByName?name=gridTicket', { headers });
    expect(component.status(), await component.text()).toBe(200);
    componentId = ((await component.json()) as { id: number }).id;
    for (const [title, item] of [
      [withArea, { Title: withArea, area: 'it', subarea: 'dev' }],
      [withoutArea, { Title: withoutArea }],
    ] as const) {
      const saved = await request.post('/api/genericItem/saveItem', {
        headers,
        data: { component: componentId, projectId: 0, item },
      });
      expect(saved.status(), await saved.text()).toBe(200);
      ids[title] = ((await saved.json()) as { id: number }).id;
    }
  });

  test("the editor offers only the options of the row's parent value", async ({
    adminPage: page,
    request,
  }, testInfo) => {
    await page.setViewportSize({ width: 1440, height: 800 });
    await page.getByRole('button', { name: 'Chamados E2E' }).click();
    await page
      .getByRole('complementary', { name: 'Menu do aplicativo' })
      .getByRole('link', { name: 'Chamados', exact: true })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Chamados', exact: true })).toBeVisible();
    await expect(ticketCell(page, withArea, 'subarea')).toHaveText('Desenvolvimento');

    // Tecnologia's options only (Logística and Compras are Operações').
    await ticketCell(page, withArea, 'subarea').dblclick();
    await expect(offered(page)).toHaveText(['(vazio)', 'Desenvolvimento', 'Infraestrutura']);
    await page.screenshot({ path: testInfo.outputPath('grid-dependent-options.png') });
    await offered(page).filter({ hasText: 'Infraestrutura' }).click();
    await expect(page.getByText('Alteração salva: Subárea.')).toBeVisible();
    await expect(ticketCell(page, withArea, 'subarea')).toHaveText('Infraestrutura');
    expect((await ticket(request, withArea)).subareaValue).toBe('infra');

    // No Área: no option, and the editor says to choose the Área first.
    await ticketCell(page, withoutArea, 'subarea').dblclick();
    await expect(offered(page)).toHaveText(['(vazio)']);
    await expect(
      page.getByRole('tooltip', { name: 'Escolha antes um valor em Área: as opções desta lista dependem dele.' }),
    ).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('grid-dependent-no-parent.png') });
    await page.keyboard.press('Escape');
    await expect(offered(page)).toHaveCount(0);

    // A new Área leaves Infraestrutura out: the server empties it and the grid says so.
    await ticketCell(page, withArea, 'area').dblclick();
    await expect(offered(page)).toHaveText(['(vazio)', 'Tecnologia', 'Operações']);
    await offered(page).filter({ hasText: 'Operações' }).click();
    await expect(page.getByText('Alteração salva: Área.')).toBeVisible();
    await expect(
      page.getByText('O campo Subárea foi esvaziado: o valor não pertence à nova escolha em Área.'),
    ).toBeVisible();
    await expect(ticketCell(page, withArea, 'area')).toHaveText('Operações');
    await expect(ticketCell(page, withArea, 'subarea')).toHaveText('');
    await page.screenshot({ path: testInfo.outputPath('grid-dependent-cleared.png') });
    const row = await ticket(request, withArea);
    expect(row.areaValue).toBe('ops');
    expect(row.subareaValue).toBeUndefined();

    // Now Operações' options.
    await ticketCell(page, withArea, 'subarea').dblclick();
    await expect(offered(page)).toHaveText(['(vazio)', 'Logística', 'Compras']);
    // Saved before the stamp is read below (the cell shows the choice while the save is under way).
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/genericItem/updateItemField'));
    await offered(page).filter({ hasText: 'Compras' }).click();
    expect((await saved).status()).toBe(200);
    await expect(ticketCell(page, withArea, 'subarea')).toHaveText('Compras');

    // The server refuses a Subárea of another Área, in the caller's language.
    for (const [lang, message] of [
      ['pt-BR', 'Subárea: a opção não pertence ao valor escolhido em Área'],
      ['en', 'Subarea: the option does not belong to the value chosen in Area'],
    ] as const) {
      const res = await request.post('/api/genericItem/updateItemField', {
        headers: { ...headers, 'Accept-Language': lang },
        data: {
          itemId: ids[withArea],
          componentId,
          field: 'subarea',
          value: 'dev',
          lastModify: (await ticket(request, withArea)).LastModify,
        },
      });
      expect(res.status()).toBe(400);
      expect(((await res.json()) as { Message: string }).Message.startsWith(message)).toBe(true);
    }
    expect((await ticket(request, withArea)).subareaValue).toBe('purchasing');
  });
});
