import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { apiToken, demoTaskForm, type DemoTaskForm } from '../support/formsApi';

// The predecessors control of the demo task form (apps/demo/project-management.yaml, tab "Relações"),
// as the administrator, on two tasks of its own: the second comes to depend on the first
// (start-to-start, 2 days of lag), which survives a reload; the first then cannot depend on the
// second (a cycle), and the Message says why. A screenshot of the control goes to the output folder.

interface Task {
  id: number;
  FormattedID: number;
  Title: string;
}

async function newTask(request: APIRequestContext, demo: DemoTaskForm, title: string): Promise<Task> {
  const headers = { Authorization: `Bearer ${await apiToken(request)}` };
  const res = await request.post('/api/genericItem/saveItem', {
    headers,
    data: { component: demo.componentId, projectId: demo.projectId, item: { Title: title, priority: 'medium' } },
  });
  expect(res.status(), await res.text()).toBe(200);
  const saved = (await res.json()) as { id: number; FormattedID: number };
  return { id: saved.id, FormattedID: saved.FormattedID, Title: title };
}

/** Searches a task by its number in the control's picker and picks it. */
async function pick(section: Locator, task: Task) {
  const page = section.page();
  const search = section.getByRole('combobox', { name: 'Buscar um item predecessor' });
  const name = `#${task.FormattedID} ${task.Title}`;
  const option = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
  // The list first holds the answer to the empty search and is replaced when the typed one arrives;
  // a click that falls on that swap can pick another item. The exact number comes first in the typed
  // answer, so the click waits for it there, and a wrong pick is searched again.
  await expect(async () => {
    await search.fill(String(task.FormattedID));
    await expect(page.getByRole('option').first()).toHaveAccessibleName(option, { timeout: 5000 });
    await page.getByRole('option', { name: option }).click({ timeout: 2000 });
    await expect(search).toHaveValue(name, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
}

async function openRelations(page: Page, task: Task): Promise<Locator> {
  await expect(page.getByRole('heading', { name: task.Title })).toBeVisible();
  await page.getByRole('tab', { name: 'Relações' }).click();
  const section = page.getByRole('region', { name: 'Predecessoras' });
  await expect(section.getByRole('combobox', { name: 'Buscar um item predecessor' })).toBeVisible();
  return section;
}

test('a task depends on another (start to start, 2 days), survives a reload, and a cycle is refused with its reason', async ({
  adminPage: page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const demo = await demoTaskForm(request);
  const stamp = Date.now() % 100000;
  const first = await newTask(request, demo, `Projetar a rede ${stamp}`);
  const second = await newTask(request, demo, `Instalar os switches ${stamp}`);
  const base = `/runtime/${demo.appId}`;
  const editOf = (task: Task) => `${base}/editItem/${demo.componentId}/${task.id}/${demo.formId}`;
  await page.setViewportSize({ width: 1400, height: 1000 });

  // A new task takes predecessors once saved.
  await page.goto(`${base}/insertItem/${demo.componentId}/${demo.projectId}/${demo.formId}`);
  await expect(page.getByRole('heading', { name: 'Novo item: Tarefa' })).toBeVisible();
  await page.getByRole('tab', { name: 'Relações' }).click();
  await expect(page.getByText('Salve o item para definir as suas predecessoras.')).toBeVisible();

  // The second task comes to depend on the first: start to start, 2 days later.
  await page.goto(editOf(second));
  let section = await openRelations(page, second);
  await expect(section).toContainText('Nenhuma predecessora');
  await pick(section, first);
  await section.getByRole('combobox', { name: 'Tipo de dependência' }).click();
  await page.getByRole('option', { name: 'Início para início (II)' }).click();
  await section.getByRole('textbox', { name: 'Defasagem (dias)' }).fill('2');
  await section.getByRole('button', { name: 'Adicionar', exact: true }).click();
  await expect(page.getByText('Predecessora adicionada.')).toBeVisible();
  const row = section.getByRole('row').filter({ hasText: first.Title });
  await expect(row.getByRole('link', { name: first.Title })).toBeVisible();

  // After a reload it is still there, with its type and lag.
  await page.reload();
  section = await openRelations(page, second);
  await expect(row.getByRole('link', { name: first.Title })).toBeVisible();
  await expect(row).toContainText(String(first.FormattedID));
  await expect(
    section.getByRole('combobox', { name: `Tipo de dependência de #${first.FormattedID} ${first.Title}` }),
  ).toHaveText('Início para início (II)');
  await expect(
    section.getByRole('textbox', { name: `Defasagem em dias de #${first.FormattedID} ${first.Title}` }),
  ).toHaveValue('2');
  await section.evaluate((element) => element.scrollIntoView({ block: 'start' }));
  await section.screenshot({ path: testInfo.outputPath('predecessors-pt-BR.png') });
  await page.screenshot({ path: '/tmp/predecessors-form.png', fullPage: true });

  // The history of the second task records the change.
  await page.getByRole('tab', { name: 'Arquivos e histórico' }).click();
  await expect(page.getByRole('region', { name: 'Histórico' })).toContainText('Predecessoras alteradas');

  // The first task may not depend on the second: that would close a cycle. The Message says so.
  await page.goto(editOf(first));
  section = await openRelations(page, first);
  await pick(section, second);
  await section.getByRole('button', { name: 'Adicionar', exact: true }).click();
  await expect(section.getByRole('alert')).toHaveText(
    `#${second.FormattedID} ${second.Title} já depende deste item, direta ou indiretamente: a dependência criaria um ciclo.`,
  );
  await section.evaluate((element) => element.scrollIntoView({ block: 'start' }));
  await section.screenshot({ path: '/tmp/predecessors-cycle.png' });
  await expect(section).toContainText('Nenhuma predecessora');
});
