import type { Locator, Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { dateInput } from '../support/dates';
import { adminPassword } from '../support/server';

// Issue 23's keyboard-only journey, without the mouse (page.keyboard only, after the first page
// load): sign in, open an application, skip to the content, open a list and an item from it, go to
// the task board, move a card to another column from its menu, and open it; change a Gantt task's
// dates. Escape closes what the keyboard opened.

// The server of a11y.spec: the card moved here does not change the demo other specs count on.
test.use({ serverOptions: { env: { TRAMITA_DEMO_PASSWORD: 'Girassol-Azul-42' } } });

/** What has the focus, as a locator-free description for the failure message. */
function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return el ? `${el.tagName} "${el.getAttribute('aria-label') ?? el.innerText.slice(0, 60)}"` : 'nothing';
  });
}

/** Presses Tab (Shift+Tab backwards, or another key) until `target` has the focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, options: { back?: boolean; key?: string; max?: number } = {}) {
  const { back = false, key = back ? 'Shift+Tab' : 'Tab', max = 40 } = options;
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`${max} presses of ${key} did not reach the target; on ${await focused(page)}`);
}

/** The page's heading has the focus after a navigation (usePageFocus). */
async function headingFocused(page: Page, name: string | RegExp) {
  await expect(page.getByRole('heading', { level: 1, name })).toBeFocused({ timeout: 30_000 });
}

test("a keyboard-only journey: sign in, a list, an item, a kanban move, a Gantt task's dates", async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/');

  // Sign in: the fields in order, Enter submits; the focus lands on the desktop's heading.
  await tabTo(page, page.getByLabel('Login', { exact: true }));
  await page.keyboard.type('admin');
  await page.keyboard.press('Tab');
  await page.keyboard.type(adminPassword);
  await page.keyboard.press('Enter');
  await headingFocused(page, 'Olá, Administrador');

  // An application's tile; then its first page takes the focus.
  await tabTo(page, page.getByRole('button', { name: 'Gestão de Projetos, versão 1.0.0' }));
  await page.keyboard.press('Enter');
  await headingFocused(page, 'Projetos');

  // From the top of a page, the first Tab is the skip link, shown, and it jumps to the heading.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Projetos' })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Pular para o conteúdo' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.screenshot({ path: testInfo.outputPath('skip-link.png') });
  await page.keyboard.press('Enter');
  await headingFocused(page, 'Projetos');

  // A list from the side menu (back from the heading), then an item from the list.
  const menu = page.getByRole('navigation', { name: 'Páginas do aplicativo' });
  await tabTo(page, menu.getByRole('link', { name: 'Tarefas', exact: true }), { back: true });
  await page.keyboard.press('Enter');
  await headingFocused(page, 'Tarefas');
  const firstTask = page.getByRole('grid').getByRole('link').first();
  const title = (await firstTask.innerText()).trim();
  await tabTo(page, firstTask);
  await page.keyboard.press('Enter');
  await headingFocused(page, title);

  // Escape closes what the keyboard opened, and the focus goes back to what opened it.
  const userMenu = page.getByRole('button', { name: 'Menu de Administrador' });
  await tabTo(page, userMenu, { back: true });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(userMenu).toBeFocused();

  // The task board: one Tab stop per column, the arrows between cards.
  await tabTo(page, menu.getByRole('link', { name: 'Quadro de tarefas' }), { back: true });
  await page.keyboard.press('Enter');
  await headingFocused(page, 'Quadro');
  await tabTo(page, page.locator('[data-card-id] a').first());
  await page.keyboard.press('ArrowRight');
  const doing = page.locator('[data-card-id] a:focus');
  await expect(doing).toHaveAccessibleDescription(/cartão 1 de \d+ na coluna Em andamento/);
  const card = (await doing.getAttribute('aria-label'))!;
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('[data-card-id] a:focus')).toHaveAccessibleDescription(/cartão 2 de/);
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('link', { name: card, exact: true })).toBeFocused();

  // Its menu: Escape closes it; "Mover para Impedida" moves it, through the dialogs the move asks
  // (the column is past its WIP limit; blocking needs a reason), and the card keeps the focus.
  await page.keyboard.press('Tab');
  const cardMenu = page.getByRole('button', { name: `Ações do cartão ${card.match(/\d+/)![0]}`, exact: true });
  await expect(cardMenu).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Abrir' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(cardMenu).toBeFocused();
  await page.keyboard.press('Enter');
  const blocked = page.getByRole('menuitem', { name: 'Mover para Impedida' });
  await tabTo(page, blocked, { key: 'ArrowDown', max: 6 });
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('limite WIP');
  await tabTo(page, confirm.getByRole('button', { name: /Sim|Mover|OK/ }));
  await page.keyboard.press('Enter');
  const reason = page.getByRole('dialog', { name: 'Motivo da mudança' });
  await tabTo(page, reason.getByRole('textbox', { name: /Motivo/ }));
  await page.keyboard.type('Aguardando o fornecedor.');
  await tabTo(page, reason.getByRole('button', { name: 'OK' }));
  await page.keyboard.press('Enter');
  // The toast is said by the page's polite live region, which holds it.
  await expect(page.locator('[aria-live="polite"]').getByText(/tramitado para Impedida/)).toBeVisible();
  const moved = page.getByRole('link', { name: card, exact: true });
  await expect(moved).toBeFocused({ timeout: 30_000 });
  await expect(moved).toHaveAccessibleDescription(/na coluna Impedida/);
  await page.screenshot({ path: testInfo.outputPath('card-moved.png') });

  // Enter opens it.
  await page.keyboard.press('Enter');
  await headingFocused(page, card.replace(/^Tarefa \d+: /, ''));

  // The schedule: a project from its select; a task's title link selects the task when it takes the
  // focus, F2 opens its dates, typed a week later and saved with Enter; the focus goes back to it.
  await tabTo(page, menu.getByRole('link', { name: 'Cronograma' }), { back: true });
  await page.keyboard.press('Enter');
  await headingFocused(page, 'Cronograma');
  await tabTo(page, page.getByRole('combobox', { name: 'Projeto' }));
  await page.keyboard.press('ArrowDown');
  await tabTo(page, page.getByRole('option', { name: 'Implantação do ERP' }), { key: 'ArrowDown', max: 10 });
  await page.keyboard.press('Enter');
  const taskLink = page.getByRole('link', { name: /^Abrir #\d+ / }).first();
  await expect(taskLink).toBeVisible({ timeout: 30_000 });
  const taskName = (await taskLink.getAttribute('aria-label'))!.replace(/^Abrir /, '');
  await tabTo(page, taskLink);
  await expect(page.getByRole('button', { name: 'Alterar datas…' })).toBeEnabled();
  await page.keyboard.press('F2');
  const dates = page.getByRole('dialog', { name: `Datas de ${taskName}` });
  const weekLater = async (name: string) => {
    const [d, m, y] = (await dateInput(dates, name).locator('input').inputValue()).split('/').map(Number);
    const day = new Date(Date.UTC(y!, m! - 1, d! + 7));
    return day.toISOString().slice(0, 10);
  };
  // A milestone has one date; a task its start and finish.
  await expect(dates).toBeVisible();
  const fields = (await dateInput(dates, 'Data do marco').count()) > 0 ? ['Data do marco'] : ['Início', 'Término'];
  const days: string[] = [];
  for (const field of fields) days.push(await weekLater(field));
  const digits = (day: string) => day.split('-').reverse().join('');
  await expect(dateInput(dates, fields[0]!).getByRole('spinbutton').first()).toBeFocused();
  for (const [i, field] of fields.entries()) {
    if (i > 0) await tabTo(page, dateInput(dates, field).getByRole('spinbutton').first());
    await page.keyboard.type(digits(days[i]!));
  }
  const [start, finish] = [days[0], days[days.length - 1]];
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/genericItem/moveScheduleTask'));
  await page.keyboard.press('Enter');
  const answer = await saved;
  expect(answer.status(), await answer.text()).toBe(200);
  const id = Number(taskName.match(/^#(\d+)/)![1]);
  const rescheduled = (
    (await answer.json()) as { tasks: { FormattedID: number; start: string; finish: string }[] }
  ).tasks.find((t) => t.FormattedID === id);
  expect(rescheduled).toMatchObject({ start, finish });
  await expect(dates).toBeHidden();
  await expect(page.getByRole('link', { name: `Abrir ${taskName}` })).toBeFocused();
});
