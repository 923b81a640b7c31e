import { test, expect } from '../support/fixtures';
import { apiToken, demoTaskForm } from '../support/formsApi';

// Deleting from the list's selection (issue 15, "Deleting items"): a new task of the demo's task
// list is ticked, deleted through the confirmation, and is gone from the list and from the API.

test('a task deleted from the list leaves it', async ({ adminPage: page, request }, testInfo) => {
  const demo = await demoTaskForm(request);
  const headers = { Authorization: `Bearer ${await apiToken(request)}` };
  const title = `Excluir ${Date.now() % 1_000_000}`;
  const saved = await request.post('/api/genericItem/saveItem', {
    headers,
    data: { component: demo.componentId, projectId: demo.projectId, item: { Title: title, priority: 'low' } },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('button', { name: 'Gestão de Projetos' }).click();
  await page
    .getByRole('complementary', { name: 'Menu do aplicativo' })
    .getByRole('link', { name: 'Tarefas', exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tarefas' })).toBeVisible();
  await page.getByRole('button', { name: 'Pesquisar', exact: true }).click();
  await page.getByRole('searchbox', { name: 'Pesquisar' }).fill(title);
  const row = page.getByRole('grid').getByRole('row').filter({ hasText: title });
  await expect(row).toHaveCount(1);

  // A click during the selection's re-render is lost: tick until it holds.
  await expect(async () => {
    await row.getByRole('checkbox').setChecked(true, { timeout: 2000 });
  }).toPass({ timeout: 15_000 });
  await page.getByRole('toolbar', { name: 'Ações da seleção' }).getByRole('button', { name: 'Excluir' }).click();
  const dialog = page.getByRole('dialog', { name: 'Excluir 1 item?' });
  await expect(dialog.getByRole('button', { name: 'Cancelar' })).toBeFocused();
  await page.screenshot({ path: testInfo.outputPath('delete-dialog.png') });

  await dialog.getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText('1 item excluído.')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(row).toHaveCount(0);
  await expect(page.getByTestId('selection-count')).toHaveText('Nenhum item selecionado');
  await page.screenshot({ path: testInfo.outputPath('after-delete.png') });

  const res = await request.post('/api/genericItem/executeFilter', {
    headers,
    data: { componentID: demo.componentId, rowsPerPage: 50, page: 0, filters: [], search: title },
  });
  expect(res.status(), await res.text()).toBe(200);
  expect(((await res.json()) as { rows: unknown[] }).rows).toHaveLength(0);
});
