import { test, expect } from '../support/fixtures';
import { dateInput, expectDate } from '../support/dates';
import { apiToken, demoTaskForm } from '../support/formsApi';

// The timesheets control of the demo task form (apps/demo/project-management.yaml, tab "Relações"),
// as the administrator, whose timesheet type the demo sets to hours per day: on a task of its own,
// record 1:30 today, see the total, change it to 2:00 (the history names it), delete it after
// confirmation. A screenshot of the control goes to the output folder.

const pad = (n: number) => String(n).padStart(2, '0');

test('record hours on a task, see the total, change them and delete them', async ({
  adminPage: page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const demo = await demoTaskForm(request);
  const headers = { Authorization: `Bearer ${await apiToken(request)}` };
  const title = `Apontamento de horas ${Date.now() % 100000}`;
  const created = await request.post('/api/genericItem/saveItem', {
    headers,
    data: { component: demo.componentId, projectId: demo.projectId, item: { Title: title, priority: 'low' } },
  });
  expect(created.status(), await created.text()).toBe(200);
  const taskId = ((await created.json()) as { id: number }).id;
  const now = new Date();
  const today = `${pad(now.getDate())}/${pad(now.getMonth() + 1)}/${now.getFullYear()}`;

  await page.setViewportSize({ width: 1400, height: 1000 });
  await page.goto(`/runtime/${demo.appId}/editItem/${demo.componentId}/${taskId}/${demo.formId}`);
  // A worker's first form load on a busy CI machine took over 10 s once.
  await expect(page.getByRole('heading', { name: title })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('tab', { name: 'Relações' }).click();
  const control = page.getByRole('region', { name: 'Apontamento de horas' });
  await expect(control.getByText('Nenhuma hora apontada neste item.')).toBeVisible();

  // Record 1:30 today.
  const add = control.getByRole('group', { name: 'Apontar' });
  await expectDate(dateInput(add, 'Data'), today);
  await add.getByRole('textbox', { name: 'Horas' }).fill('1:30');
  await add.getByRole('textbox', { name: 'Descrição' }).fill('Levantamento de requisitos');
  await add.getByRole('button', { name: 'Apontar' }).click();
  const table = control.getByRole('table', { name: 'Apontamento de horas' });
  const row = table.getByRole('row').filter({ hasText: 'Levantamento de requisitos' });
  await expect(row).toContainText(today);
  await expect(row).toContainText('Administrador');
  await expect(row).toContainText('1:30');
  await expect(table.getByText('Total: 1:30 h')).toBeVisible();
  await expect(table.getByText('1,50 hrs')).toBeVisible();
  await control.scrollIntoViewIfNeeded();
  await control.screenshot({ path: testInfo.outputPath('timesheets-control.png') });
  await page.screenshot({ path: testInfo.outputPath('timesheets-tab.png'), fullPage: true });

  // Change it to 2:00.
  await row.getByRole('button', { name: `Alterar o apontamento de 1:30 h em ${today}` }).click();
  const edit = control.getByRole('group', { name: `Alterando o apontamento de 1:30 h em ${today} de Administrador` });
  await edit.getByRole('textbox', { name: 'Horas' }).fill('2:00');
  await edit.getByRole('button', { name: 'Salvar alteração' }).click();
  await expect(table.getByText('Total: 2:00 h')).toBeVisible();
  await expect(row).toContainText('2:00');

  // The item's history names the entry recorded and changed, under "Arquivos e histórico".
  await page.getByRole('tab', { name: 'Arquivos e histórico' }).click();
  const history = page.getByRole('region', { name: 'Histórico' });
  await expect(history.getByText('Horas apontadas')).toBeVisible();
  await expect(history.getByText('Apontamento alterado')).toBeVisible();
  await expect(history.getByText('Administrador: 2:00 em')).toBeVisible(); // the newest event, opened
  await history.screenshot({ path: testInfo.outputPath('timesheets-history.png') });
  await page.getByRole('tab', { name: 'Relações' }).click();

  // Delete it, after confirmation; the form is not left with unsaved changes.
  await control.getByRole('button', { name: `Excluir o apontamento de 2:00 h em ${today}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Excluir apontamento' });
  await expect(dialog).toContainText(`Excluir o apontamento de 2:00 h de Administrador em ${today}?`);
  await dialog.getByRole('button', { name: 'Excluir' }).click();
  await expect(control.getByText('Nenhuma hora apontada neste item.')).toBeVisible();
  await expect(page.getByText('Alterações não salvas')).toHaveCount(0);

  // A reload shows what the server kept.
  await page.reload();
  await page.getByRole('tab', { name: 'Relações' }).click();
  await expect(
    page.getByRole('region', { name: 'Apontamento de horas' }).getByText('Nenhuma hora apontada neste item.'),
  ).toBeVisible();
});
