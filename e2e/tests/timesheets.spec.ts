import type { Page } from '@playwright/test';
import { test, expect as baseExpect } from '../support/fixtures';
import { apiToken, demoTaskForm } from '../support/formsApi';

// My timesheet (issue 17): the administrator, whose timesheet type the demo sets to hours per day,
// opens "Gestão do Trabalho" → "Minhas horas", goes to last week (all of it past, whatever today is),
// types hours in three cells with the keyboard only and saves with Enter; a reload shows them, and
// the item's timesheets control shows the same entry. A day over 24:00 across items is refused with
// the server's Message and nothing is saved. Screenshots in light and dark mode go to the output folder.

// Each week is read from the server; on a busy machine that is slower than the default wait.
const expect = baseExpect.configure({ timeout: 60_000 });

const pad = (n: number) => String(n).padStart(2, '0');
const shown = (d: Date) => `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;

/** Last week's days, Sunday to Saturday, as the grid shows them (DD/MM/YYYY). */
function lastWeek(): string[] {
  const now = new Date();
  const sunday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - now.getDay() - 7);
  return Array.from({ length: 7 }, (_, i) =>
    shown(new Date(sunday.getFullYear(), sunday.getMonth(), sunday.getDate() + i)),
  );
}

const cell = (page: Page, title: string, date: string) =>
  page.getByRole('textbox', { name: new RegExp(`^Horas em #\\d+ ${title} no dia ${date}$`) });

test('log last week with the keyboard, see it after a reload and in the item form', async ({
  adminPage: page,
  request,
}, testInfo) => {
  test.setTimeout(300_000); // the reloads and the item form on a shared, busy machine
  const demo = await demoTaskForm(request);
  const headers = { Authorization: `Bearer ${await apiToken(request)}` };
  const stamp = Date.now() % 100000;
  // Two new tasks the administrator may record hours on.
  const titles = [`Semana A ${stamp}`, `Semana B ${stamp}`];
  for (const title of titles) {
    const created = await request.post('/api/genericItem/saveItem', {
      headers,
      data: { component: demo.componentId, projectId: demo.projectId, item: { Title: title, priority: 'low' } },
    });
    expect(created.status(), await created.text()).toBe(200);
  }
  const [a, b] = titles as [string, string];
  const days = lastWeek();
  const [, monday, tuesday, wednesday] = days as [string, string, string, string];

  await page.setViewportSize({ width: 1400, height: 1000 });
  await page.getByRole('button', { name: 'Gestão do Trabalho' }).click();
  // Entering the runtime opens the first menu link (Agenda) and its group; then "Horas".
  await expect(page).toHaveURL(/\/runtime\/\d+\/calendar\//);
  const sidebar = page.getByRole('complementary', { name: 'Menu do aplicativo' });
  await expect(sidebar.getByRole('link', { name: 'Agenda' })).toBeVisible();
  await sidebar.getByRole('button', { name: 'Horas' }).click();
  await sidebar.getByRole('link', { name: /Minhas horas/ }).click();
  await expect(page.getByRole('heading', { name: 'Minhas horas', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Semana anterior', exact: true }).click();
  await expect(page.getByRole('heading', { name: `Semana de ${days[0]} a ${days[6]}` })).toBeVisible();

  // The new tasks are no rows yet: "Adicionar item" finds each by its title.
  for (const title of titles) {
    await page.getByRole('button', { name: 'Adicionar item' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar item' });
    await dialog.getByRole('combobox', { name: 'Título ou número do item' }).fill(title);
    // The options open in a popper outside the dialog.
    await page.getByRole('option', { name: new RegExp(title) }).click();
    await expect(dialog).toBeHidden();
  }

  // Keyboard only once in the grid: 1:30 on Monday, → 2,5 on Tuesday, ↓ 0.75 on B's Tuesday, Enter saves.
  await cell(page, a, monday).focus();
  await page.keyboard.type('1:30');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.type('2,5');
  await page.keyboard.press('ArrowDown');
  await expect(cell(page, b, tuesday)).toBeFocused();
  await page.keyboard.type('0.75');
  await expect(page.getByRole('status').filter({ hasText: '3 células alteradas, não salvas' })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Horas salvas.')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Nenhuma alteração' })).toBeVisible();
  await expect(cell(page, b, tuesday)).toHaveValue('0:45');
  await page.screenshot({ path: testInfo.outputPath('my-timesheet-light.png') });

  // A reload stays on the week and shows what the server kept, with the day's total.
  await page.reload();
  await expect(cell(page, a, monday)).toHaveValue('1:30');
  await expect(cell(page, a, tuesday)).toHaveValue('2:30');
  await expect(cell(page, b, tuesday)).toHaveValue('0:45');
  await expect(page.locator(`[data-day-total="${tuesday.split('/').reverse().join('-')}"]`)).toContainText('3:15');

  await page.getByRole('button', { name: 'Modo escuro' }).click();
  await page.mouse.move(700, 950);
  await page.screenshot({ path: testInfo.outputPath('my-timesheet-dark.png') });
  await page.getByRole('button', { name: 'Modo claro' }).click();

  // Past 24:00 on Wednesday across A and B: refused with the Message naming the item and day (B's 5 hours go
  // first, the smaller rise, so A's 20 pass the bound), nothing saved.
  await cell(page, a, wednesday).focus();
  await page.keyboard.type('20');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.type('5');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toContainText(
    `${a}, ${wednesday}: Em ${wednesday} você já tem 5:00 horas apontadas; o limite é de 24:00 horas por dia.`,
  );
  await expect(page.getByRole('status').filter({ hasText: '2 células alteradas, não salvas' })).toBeVisible();
  // Escape reverts B's cell; then A's 20 hours alone are fine.
  await cell(page, b, wednesday).press('Escape');
  await expect(cell(page, b, wednesday)).toHaveValue('');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Horas salvas.').first()).toBeVisible();
  await expect(cell(page, a, wednesday)).toHaveValue('20:00');

  // The item's timesheets control shows the entry the grid wrote.
  await page.getByRole('link', { name: new RegExp(`^Abrir o item #\\d+ ${a}$`) }).click();
  await expect(page.getByRole('heading', { name: a })).toBeVisible();
  await page.getByRole('tab', { name: 'Relações' }).click();
  const control = page.getByRole('region', { name: 'Apontamento de horas' });
  const table = control.getByRole('table', { name: 'Apontamento de horas' });
  await expect(table.getByRole('row').filter({ hasText: monday })).toContainText('1:30');
  await expect(table.getByText('Total: 24:00 h')).toBeVisible();
});
