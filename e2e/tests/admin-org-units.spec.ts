import { test, expect } from '../support/fixtures';
import { demoTaskForm } from '../support/formsApi';

// Issue 17's organizational structure: the administrator builds a unit with a sub-unit and a member
// on the administration screen, and the demo task form's "Unidade" field (a tree dropdown over an
// ORGANIZATIONAL_STRUCTURE attribute) offers the new sub-unit.

const suffix = Date.now() % 100000;
const TOP = `Operações ${suffix}`;
const CHILD = `Suporte ${suffix}`;

test('the administrator builds a unit with a sub-unit and a member, and a task form offers it', async ({
  adminPage: page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.goto('/administration/orgUnits');
  await expect(page.getByRole('heading', { level: 1, name: 'Estrutura organizacional' })).toBeVisible({
    timeout: 30_000,
  });

  await page.getByRole('button', { name: 'Nova unidade' }).click();
  let dialog = page.getByRole('dialog', { name: 'Nova unidade' });
  await dialog.getByRole('textbox', { name: 'Nome' }).fill(TOP);
  await dialog.getByRole('combobox', { name: 'Membros' }).fill('admin');
  await page.getByRole('option', { name: /\(admin\)$/ }).click();
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Unidade criada')).toBeVisible();
  const top = page.getByRole('listitem', { name: TOP });
  await expect(top.getByText('1 membro')).toBeVisible();

  // The sub-unit, by keyboard: Tab reaches its unit's "Nova subunidade" button.
  await top.getByRole('button', { name: `Nova subunidade de ${TOP}` }).focus();
  await page.keyboard.press('Enter');
  dialog = page.getByRole('dialog', { name: 'Nova unidade' });
  await expect(dialog.getByRole('combobox', { name: 'Unidade superior' })).toHaveValue(TOP);
  await page.keyboard.type(CHILD);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(
    top.getByRole('list', { name: `Subunidades de ${TOP}` }).getByRole('listitem', { name: CHILD }),
  ).toBeVisible();

  await page.screenshot({ path: testInfo.outputPath('org-units.png'), fullPage: true });

  // Deleting the unit that has a sub-unit is refused with the reason.
  await top
    .getByRole('button', { name: `Excluir ${TOP}` })
    .first()
    .click();
  await page.getByRole('button', { name: 'Sim' }).click();
  await expect(page.getByText('A unidade tem 1 subunidade; exclua-a ou mova-a antes.')).toBeVisible();

  // The demo task form's Unidade field offers the sub-unit.
  const demo = await demoTaskForm(request);
  await page.goto(`/runtime/${demo.appId}/insertItem/${demo.componentId}/${demo.projectId}/${demo.formId}`);
  await expect(page.getByRole('heading', { name: 'Novo item: Tarefa' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('tab', { name: 'Local e contato' }).click();
  await page.getByRole('combobox', { name: 'Unidade' }).fill(CHILD);
  await expect(page.getByRole('option', { name: CHILD })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('task-unit.png') });
});
