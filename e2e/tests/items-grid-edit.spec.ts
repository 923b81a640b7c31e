import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { apiToken, demoTaskForm, type DemoTaskForm } from '../support/formsApi';
import { adminPassword } from '../support/server';

// Editing in the grid (issue 7) on the demo task list of Gestão de Projetos: priority, dueDate
// and progress are editInGrid (apps/demo/project-management.yaml). A cell is edited in place
// (picklist, date, number in pt-BR, by mouse and by keyboard), Escape sends nothing, a value the
// form refuses comes back with the server's message and the old value, and an edit of a row the
// API changed meanwhile is refused (409) visibly, the row reloaded. Every outcome is checked
// through the API.

test.describe.configure({ mode: 'serial' });

interface Row {
  id: number;
  Title: string;
  priorityValue?: string;
  progress?: number;
  dueDate?: string;
  LastModify: string;
}

let demo: DemoTaskForm;
let headers: Record<string, string>;
let taskId = 0;
const title = `Grade ${Date.now() % 1_000_000}`;

/** The task as the server has it now. */
async function stored(request: APIRequestContext): Promise<Row> {
  const res = await request.post('/api/genericItem/executeFilter', {
    headers,
    data: { componentID: demo.componentId, listControlData: { componentID: demo.componentId }, rowsPerPage: 50, page: 0, filters: [], search: title },
  });
  expect(res.status(), await res.text()).toBe(200);
  const row = ((await res.json()) as { rows: Row[] }).rows.find((r) => r.id === taskId);
  if (!row) throw new Error(`task ${taskId} not listed`);
  return row;
}

const grid = (page: Page) => page.getByRole('grid');
const cellOf = (page: Page, field: string) => grid(page).getByRole('row').filter({ hasText: title }).locator(`[role=gridcell][data-field="${field}"]`);
/** The cell's editor: the text box named after its column. */
const editorOf = (page: Page, field: string, name: string) => cellOf(page, field).getByRole('textbox', { name });

/** Waits until a toast has slid fully into the window (for a screenshot that shows all of it). */
async function settled(page: Page, text: string) {
  const toast = page.getByText(text);
  await expect(toast).toBeVisible();
  const width = page.viewportSize()?.width ?? 0;
  await expect.poll(async () => {
    const box = await toast.boundingBox();
    return box !== null && box.x + box.width <= width;
  }).toBe(true);
}

/** Counts the updateItemField calls the page sends. */
function countEdits(page: Page): { count: number } {
  const seen = { count: 0 };
  page.on('request', (r) => {
    if (r.url().endsWith('/api/genericItem/updateItemField')) seen.count++;
  });
  return seen;
}

async function openTaskList(page: Page) {
  // Wide enough for the progress column (the grid renders only the columns in view).
  await page.setViewportSize({ width: 1920, height: 900 });
  await page.goto('/?next=%2Fapp');
  await page.getByLabel('Login', { exact: true }).fill('admin');
  await page.getByLabel('Senha', { exact: true }).fill(adminPassword);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/app$/);
  await page.getByRole('button', { name: 'Gestão de Projetos' }).click();
  await page.getByRole('complementary', { name: 'Menu do aplicativo' }).getByRole('link', { name: 'Tarefas', exact: true }).click();
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
    data: { component: demo.componentId, projectId: demo.projectId, item: { Title: title, priority: 'low', progress: 10 } },
  });
  expect(res.status(), await res.text()).toBe(200);
  taskId = ((await res.json()) as { id: number }).id;
});

test('cells of editInGrid columns are edited in place and saved; Escape sends nothing', async ({ page, request }, testInfo) => {
  await openTaskList(page);
  const edits = countEdits(page);

  // Editable columns say so in their header (a pencil and a hint on hover); the others do not.
  const hint = 'Editável na lista: clique duas vezes na célula ou pressione Enter; Enter salva, Esc cancela.';
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
  const due = editorOf(page, 'dueDate', 'Prazo');
  await due.fill('31022031');
  await expect(due).toHaveValue('31/02/2031');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('tooltip').getByText('data incorreta')).toBeVisible();
  await expect(due).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('grid-editing-bad-date.png') });
  await due.fill('15/04/2031');
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

test('a value the server refuses shows its message and the cell keeps the stored value', async ({ page, request }, testInfo) => {
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

test('an edit of a row changed meanwhile is refused visibly and the row shows what is stored', async ({ page, request }, testInfo) => {
  await openTaskList(page);
  await expect(cellOf(page, 'progress')).toHaveText('45,50%');

  // Someone else changes the task through the API after the list was read.
  const current = await stored(request);
  const res = await request.post('/api/genericItem/updateItemField', {
    headers,
    data: { itemId: taskId, componentId: demo.componentId, field: 'progress', value: 70, lastModify: current.LastModify },
  });
  expect(res.status(), await res.text()).toBe(200);

  await cellOf(page, 'progress').dblclick();
  await editorOf(page, 'progress', 'Progresso').fill('20');
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/genericItem/updateItemField'));
  await page.keyboard.press('Enter');
  expect((await answer).status()).toBe(409);
  await settled(page, `O item "${title}" foi alterado enquanto a lista estava aberta: nada foi gravado e a linha foi recarregada com os valores atuais.`);
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

test('in English numbers are typed with a decimal point and the texts follow', async ({ page, request }, testInfo) => {
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
