import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { dateInput } from '../support/dates';
import { apiToken, demoTaskForm, type DemoTaskForm } from '../support/formsApi';

// The list's selection (issues 7 and 8) on the demo task list of Gestão de Projetos
// (apps/demo/project-management.yaml): three new tasks are edited in bulk (the form's own
// controls; bulkUpdateItems), two of them are started from the list's Tramitar menu
// (the responsible dialog; triggerAction), and the bulk operation "Definir prioridade"
// (raisePriority) runs on them. Every change is checked in the grid and through the API.

test.describe.configure({ mode: 'serial' });

interface Task {
  id: number;
  title: string;
}

interface Row {
  id: number;
  Title: string;
  /** The picklist's value (priority is its text). */
  priorityValue?: string;
  progress?: number;
  StatusName?: string;
}

let demo: DemoTaskForm;
let headers: Record<string, string>;
const tasks: Task[] = [];
const stamp = `Lote ${Date.now() % 1_000_000}`;

/** The three tasks as the server has them now (executeFilter with a quick search of the stamp). */
async function stored(request: APIRequestContext): Promise<Map<number, Row>> {
  const res = await request.post('/api/genericItem/executeFilter', {
    headers,
    data: {
      componentID: demo.componentId,
      listControlData: { componentID: demo.componentId },
      rowsPerPage: 50,
      page: 0,
      filters: [],
      search: stamp,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  const rows = ((await res.json()) as { rows: Row[] }).rows;
  return new Map(rows.map((r) => [r.id, r]));
}

const grid = (page: Page) => page.getByRole('grid');
const rowOf = (page: Page, title: string) => grid(page).getByRole('row').filter({ hasText: title });
const cellOf = (page: Page, title: string, field: string) =>
  rowOf(page, title).locator(`[role=gridcell][data-field="${field}"]`);
const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Ações da seleção' });

/** Ticks a row's box until it holds: a click during the selection's re-render is lost. */
async function tick(page: Page, title: string, on: boolean) {
  await expect(async () => {
    await rowOf(page, title).getByRole('checkbox').setChecked(on, { timeout: 2000 });
  }).toPass({ timeout: 15_000 });
}

/** From the desktop of a signed-in page (the adminPage fixture), the demo's task list. */
async function openTaskList(page: Page) {
  await page.getByRole('button', { name: 'Gestão de Projetos' }).click();
  await page
    .getByRole('complementary', { name: 'Menu do aplicativo' })
    .getByRole('link', { name: 'Tarefas', exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tarefas' })).toBeVisible();
  // Only the three tasks of this run.
  await page.getByRole('button', { name: 'Pesquisar', exact: true }).click();
  await page.getByRole('searchbox', { name: 'Pesquisar' }).fill(stamp);
  await expect(page.getByTestId('list-summary')).toHaveText('Tarefa · 3 itens');
}

async function pickOption(page: Page, combobox: Locator, option: string) {
  await combobox.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.beforeAll(async ({ request }) => {
  demo = await demoTaskForm(request);
  headers = { Authorization: `Bearer ${await apiToken(request)}` };
  for (const letter of ['A', 'B', 'C']) {
    const title = `${stamp} ${letter}`;
    const res = await request.post('/api/genericItem/saveItem', {
      headers,
      data: { component: demo.componentId, projectId: demo.projectId, item: { Title: title, priority: 'low' } },
    });
    expect(res.status(), await res.text()).toBe(200);
    tasks.push({ id: ((await res.json()) as { id: number }).id, title });
  }
});

test('three tasks edited in bulk: the chosen fields change on every one, the others stay', async ({
  adminPage: page,
  request,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openTaskList(page);

  // Nothing selected: the spec's message, no dialog.
  await toolbar(page).getByRole('button', { name: 'Editar em massa' }).click();
  await expect(page.locator('#notistack-snackbar', { hasText: 'Selecione pelo menos um item!' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  for (const task of tasks) await tick(page, task.title, true);
  await expect(page.getByTestId('selection-count')).toHaveText('3 itens selecionados');
  await page.mouse.move(1200, 880);
  await page.screenshot({ path: testInfo.outputPath('list-selection-1280.png') });

  await toolbar(page).getByRole('button', { name: 'Editar em massa' }).click();
  const dialog = page.getByRole('dialog', { name: /Edição em massa/ });
  await expect(dialog.getByText('3 itens selecionados', { exact: true })).toBeVisible();
  const fields = dialog.getByRole('combobox', { name: 'Campos a alterar' });
  await pickOption(page, fields, 'Prioridade');
  await pickOption(page, fields, 'Progresso');

  // A value the form refuses stays in the dialog with the form's message; nothing is sent.
  const progress = dialog.getByRole('textbox', { name: 'Progresso' });
  await progress.fill('150');
  await progress.blur();
  await expect(dialog.getByText('o valor deve estar entre 0 e 100')).toBeVisible();
  await progress.fill('40');
  await pickOption(page, dialog.getByRole('combobox', { name: 'Prioridade' }), 'Alta');
  await page.screenshot({ path: testInfo.outputPath('bulk-edit-dialog.png') });

  const sent = page.waitForRequest((r) => r.url().endsWith('/api/genericItem/bulkUpdateItems'));
  await dialog.getByRole('button', { name: 'Alterar 3 itens' }).click();
  const body = (await sent).postDataJSON() as { ids: number[]; values: Record<string, unknown> };
  expect(body.ids.sort()).toEqual(tasks.map((t) => t.id).sort());
  expect(body.values).toEqual({ priority: 'high', progress: 40 });
  await expect(page.getByText('3 itens atualizados.')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // The grid shows the new values on the three rows (progress is past the right edge at
  // 1280 px, and the grid renders only the columns in view: the server's answer covers it)…
  for (const task of tasks) await expect(cellOf(page, task.title, 'priority')).toHaveText('Alta');
  // …and so does the server; the title stayed.
  const rows = await stored(request);
  for (const task of tasks) {
    expect(rows.get(task.id)).toMatchObject({ Title: task.title, priorityValue: 'high', progress: 40 });
  }
});

test('two selected tasks are started from the list, the third stays', async ({
  adminPage: page,
  request,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openTaskList(page);
  const [a, b, c] = tasks as [Task, Task, Task];

  // Nothing selected: Tramitar is offered disabled, with the reason.
  await expect(toolbar(page).getByRole('button', { name: 'Tramitar' })).toBeDisabled();
  await expect(toolbar(page).getByRole('button', { name: 'Tramitar' })).toHaveAccessibleDescription(
    'Selecione pelo menos um item!',
  );

  await tick(page, a.title, true);
  await tick(page, b.title, true);
  await toolbar(page).getByRole('button', { name: 'Tramitar' }).click();
  await page.getByRole('menuitem', { name: /Iniciar/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Comentário e responsável' });
  await dialog.getByRole('combobox', { name: /Novo responsável/ }).click();
  await page.getByRole('option').first().click();
  await dialog.getByRole('textbox', { name: 'Comentário' }).fill('Começando pelo lote');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('2 itens tramitados para Em andamento.')).toBeVisible();

  await expect(cellOf(page, a.title, 'StatusName')).toHaveText('Em andamento');
  await expect(cellOf(page, b.title, 'StatusName')).toHaveText('Em andamento');
  await expect(cellOf(page, c.title, 'StatusName')).toHaveText('A fazer');
  const rows = await stored(request);
  expect([rows.get(a.id)?.StatusName, rows.get(b.id)?.StatusName, rows.get(c.id)?.StatusName]).toEqual([
    'Em andamento',
    'Em andamento',
    'A fazer',
  ]);

  // A started task and one still to do have no action in common.
  await tick(page, b.title, false);
  await tick(page, c.title, true);
  const move = toolbar(page).getByRole('button', { name: 'Tramitar' });
  await expect(move).toBeDisabled();
  await expect(move).toHaveAccessibleDescription('Nenhuma tramitação é comum aos 2 itens selecionados.');
  await move.locator('..').hover();
  await expect(page.getByRole('tooltip')).toHaveText('Nenhuma tramitação é comum aos 2 itens selecionados.');
  await page.screenshot({ path: testInfo.outputPath('list-no-common-action.png') });
});

test('a bulk operation sets the priority of the selected tasks and says on how many it ran', async ({
  adminPage: page,
  request,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openTaskList(page);
  const [a, b, c] = tasks as [Task, Task, Task];
  await tick(page, a.title, true);
  await tick(page, b.title, true);

  await toolbar(page).getByRole('button', { name: 'Operações' }).click();
  await page.getByRole('menuitem', { name: 'Definir prioridade' }).click();
  const dialog = page.getByRole('dialog', { name: /Definir prioridade/ });
  await expect(dialog.getByText('2 itens selecionados', { exact: true })).toBeVisible();
  // Required parameter: refused in the form before anything runs.
  await dialog.getByRole('button', { name: 'Executar' }).click();
  await expect(dialog.getByText(/Preencha/i)).toBeVisible();
  await pickOption(page, dialog.getByRole('combobox', { name: 'Prioridade' }), 'Média');
  await dialog.getByRole('button', { name: 'Executar' }).click();
  await expect(dialog.getByRole('status').getByText('Operação executada em 2 item(s).')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('bulk-operation-result.png') });
  await dialog.getByRole('button', { name: 'Fechar' }).click();

  await expect(cellOf(page, a.title, 'priority')).toHaveText('Média');
  await expect(cellOf(page, b.title, 'priority')).toHaveText('Média');
  await expect(cellOf(page, c.title, 'priority')).toHaveText('Alta');
  const rows = await stored(request);
  expect([rows.get(a.id)?.priorityValue, rows.get(b.id)?.priorityValue, rows.get(c.id)?.priorityValue]).toEqual([
    'medium',
    'medium',
    'high',
  ]);
});

test('on a phone the selection actions fold into one menu', async ({ adminPage: page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/runtime/${demo.appId}/list/${demo.componentId}/${demo.formId}/0/0/Tarefas`);
  await expect(page.getByRole('heading', { level: 1, name: 'Tarefas' })).toBeVisible();
  await expect(toolbar(page).getByRole('button', { name: 'Tramitar' })).toBeVisible();
  await expect(toolbar(page).getByRole('button', { name: 'Editar em massa' })).toHaveCount(0);
  await toolbar(page).getByRole('button', { name: 'Mais ações' }).click();
  const menu = page.getByRole('menu', { name: 'Mais ações' });
  await expect(menu.getByRole('menuitem', { name: 'Editar em massa' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Definir prioridade' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('list-phone-menu.png'), animations: 'disabled' });
  await menu.getByRole('menuitem', { name: 'Editar em massa' }).click();
  const warning = page.locator('#notistack-snackbar', { hasText: 'Selecione pelo menos um item!' });
  await expect(warning).toBeVisible();
  await page.getByRole('button', { name: 'Fechar aviso' }).click();
  await expect(warning).toHaveCount(0);

  // With a row ticked, the bulk edit opens over the whole screen.
  await tick(page, tasks[2]!.title, true);
  await expect(page.getByTestId('selection-count')).toHaveText('1 item selecionado');
  await toolbar(page).getByRole('button', { name: 'Mais ações' }).click();
  await menu.getByRole('menuitem', { name: 'Editar em massa' }).click();
  const dialog = page.getByRole('dialog', { name: /Edição em massa/ });
  await pickOption(page, dialog.getByRole('combobox', { name: 'Campos a alterar' }), 'Prazo');
  await expect(dateInput(dialog, 'Prazo')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('bulk-edit-phone.png'), animations: 'disabled' });
  await dialog.getByRole('button', { name: 'Fechar' }).click();
  await expect(dialog).toHaveCount(0);
});

test('the selection toolbar and the bulk edit speak English', async ({ adminPage: page }, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openTaskList(page);
  await page.getByRole('button', { name: 'Mudar o idioma' }).click();
  const bar = page.getByRole('toolbar', { name: 'Selection actions' });
  await expect(bar.getByText('No item selected')).toBeVisible();
  await tick(page, tasks[0]!.title, true);
  await expect(page.getByTestId('selection-count')).toHaveText('1 item selected');
  await expect(bar.getByRole('button', { name: 'Operations' })).toBeVisible();
  await bar.getByRole('button', { name: 'Bulk edit' }).click();
  const dialog = page.getByRole('dialog', { name: /Bulk edit/ });
  await pickOption(page, dialog.getByRole('combobox', { name: 'Fields to change' }), 'Priority');
  await expect(dialog.getByRole('button', { name: 'Change 1 item' })).toBeEnabled();
  await expect(dialog.getByText('The selected item gets these values. A field left empty is cleared.')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('bulk-edit-en.png'), animations: 'disabled' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
});
