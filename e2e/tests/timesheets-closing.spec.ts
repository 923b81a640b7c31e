import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { test, expect as baseExpect, signIn } from '../support/fixtures';
import { tramitaLive } from '../support/database';
import { apiToken, demoTaskForm } from '../support/formsApi';

// Month closing (issue 17): a member records hours on the 10th of last month; the administrator opens
// "Gestão do Trabalho" → "Horas" → "Gestão" → "Fechamento do mês", goes to last month and closes it
// for the member; the member's week in "Minhas horas" shows those days closed and read-only with the
// reason, the item's timesheets control shows a lock saying why, and the server refuses a change;
// the administrator reopens the month with a reason and the member's day is editable again.
// Screenshots go to the output folder.

const expect = baseExpect.configure({ timeout: 60_000 });

const RUI = { login: 'rui.lima', name: 'Rui Lima', email: 'rui.lima@example.test', password: 'Rui-Fecha-Mes-2026' };
const pad = (n: number) => String(n).padStart(2, '0');

/** The 10th of last month, as YYYY-MM-DD and DD/MM/YYYY, and its month as YYYY-MM. */
function lastMonthsTenth() {
  const now = new Date();
  const d = new Date(now.getFullYear(), now.getMonth() - 1, 10);
  const iso = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-10`;
  return { iso, shown: `10/${pad(d.getMonth() + 1)}/${d.getFullYear()}`, month: iso.slice(0, 7) };
}

/** Signs in through the API and answers the token and the user's id. */
async function session(request: APIRequestContext, login: string, password: string) {
  const res = await request.post('/api/users/authenticate', { data: { UserName: login, Password: password } });
  expect(res.status(), await res.text()).toBe(200);
  const text = (await res.text()).trim().replace(/^"|"$/g, '');
  const login_ = JSON.parse(Buffer.from(text, 'base64').toString('utf8')) as {
    token: string;
    loggedUser: { id: number };
  };
  return { headers: { Authorization: `Bearer ${login_.token}` }, id: login_.loggedUser.id };
}

/** Rui records hours per day and is a member of the demo project, so he may change its tasks. */
async function prepareMember(request: APIRequestContext, projectId: number, userId: number) {
  const headers = { Authorization: `Bearer ${await apiToken(request)}` };
  const form = (await (await request.get(`/api/user/getUsertoEdit?UserId=${userId}`, { headers })).json()) as Record<
    string,
    unknown
  >;
  const saved = await request.post('/api/user/saveUser', {
    headers,
    data: { ...form, timesheetType: '1', mustChangePassword: false },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const current = (await (
    await request.post('/api/genericItem/loadProjectPermissions', { headers, data: { projectId } })
  ).json()) as { users: { id: number; role: string }[]; groups: { id: number; role: string }[] };
  const perms = await request.post('/api/genericItem/saveProjectPermissions', {
    headers,
    data: {
      projectId,
      users: [...current.users.map(({ id, role }) => ({ id, role })), { id: userId, role: 'member' }],
      groups: current.groups.map(({ id, role }) => ({ id, role })),
    },
  });
  expect(perms.status(), await perms.text()).toBe(200);
}

async function memberPage(browser: Browser, baseURL: string): Promise<Page> {
  const page = await (
    await browser.newContext({ baseURL, locale: 'pt-BR', viewport: { width: 1400, height: 950 } })
  ).newPage();
  await signIn(page, { login: RUI.login, password: RUI.password });
  return page;
}

test('the administrator closes last month and the member can no longer change it until it is reopened', async ({
  adminPage: page,
  request,
  browser,
  server,
}, testInfo) => {
  test.setTimeout(300_000);
  tramitaLive(server, [
    'admin',
    'user',
    'add',
    RUI.login,
    '--name',
    RUI.name,
    '--email',
    RUI.email,
    '--password',
    RUI.password,
  ]);
  const demo = await demoTaskForm(request);
  const rui = await session(request, RUI.login, RUI.password);
  await prepareMember(request, demo.projectId, rui.id);
  const day = lastMonthsTenth();

  // Rui records 2:00 on a task of his on the 10th of last month.
  const title = `Fechamento ${Date.now() % 100000}`;
  const created = await request.post('/api/genericItem/saveItem', {
    headers: rui.headers,
    data: { component: demo.componentId, projectId: demo.projectId, item: { Title: title, priority: 'low' } },
  });
  expect(created.status(), await created.text()).toBe(200);
  const itemId = ((await created.json()) as { id: number }).id;
  const ids = { itemId, componentId: demo.componentId };
  const recorded = await request.post('/api/genericItem/saveTimeEntry', {
    headers: rui.headers,
    data: { ...ids, id: 0, date: day.iso, minutes: 120, description: 'Levantamento' },
  });
  expect(recorded.status(), await recorded.text()).toBe(200);
  const entryId = ((await recorded.json()) as { entries: { id: number }[] }).entries[0]!.id;

  // The administrator finds the screen in the menu and closes last month for Rui.
  await page.setViewportSize({ width: 1400, height: 950 });
  await page.getByRole('button', { name: 'Gestão do Trabalho' }).click();
  await expect(page).toHaveURL(/\/runtime\/\d+\/calendar\//);
  const sidebar = page.getByRole('complementary', { name: 'Menu do aplicativo' });
  await sidebar.getByRole('button', { name: 'Horas' }).click();
  await sidebar.getByRole('button', { name: 'Gestão' }).click();
  await sidebar.getByRole('link', { name: 'Fechamento do mês' }).click();
  await expect(page.getByRole('heading', { name: 'Fechamento do mês', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Mês anterior' }).click();
  await expect(page).toHaveURL(new RegExp(`month=${day.month}`));
  await page.getByRole('textbox', { name: 'Nome' }).fill('rui');
  const row = page.getByRole('row', { name: new RegExp(RUI.name) });
  await expect(row).toContainText('2:00');
  await expect(row).toContainText('Aberto');
  await row.getByRole('checkbox', { name: `Selecionar ${RUI.name}` }).check();
  await page.getByRole('button', { name: 'Fechar 1 selecionado' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('para 1 pessoa?');
  await confirm.getByRole('button', { name: 'Sim' }).click();
  await expect(page.getByText(/fechado para 1 pessoa\./)).toBeVisible();
  await expect(row).toContainText('Fechado');
  await page.screenshot({ path: testInfo.outputPath('closing-closed.png') });

  // Rui's week: the closed days are read-only and say why.
  const member = await memberPage(browser, server.url);
  const reason = new RegExp(`está fechado para ${RUI.name}; peça a reabertura do mês a um administrador`);
  await member.goto(`/runtime/${demo.appId}/myTimesheet/Minhas%20horas?week=${day.iso}`);
  const cell = member.getByRole('textbox', { name: new RegExp(`^Horas em #\\d+ ${title} no dia ${day.shown}$`) });
  await expect(cell).toHaveValue('2:00');
  await expect(cell).toHaveAttribute('readonly', '');
  await expect(cell).toHaveAttribute('aria-description', reason);
  await expect(
    member.getByRole('alert').filter({ hasText: 'Os dias de mês fechado são somente leitura.' }),
  ).toBeVisible();
  await member.screenshot({ path: testInfo.outputPath('closing-week.png') });

  // The item's control shows a lock with the reason in place of the pencil and the bin.
  await member.goto(`/runtime/${demo.appId}/editItem/${demo.componentId}/${itemId}/${demo.formId}`);
  await member.getByRole('tab', { name: 'Relações' }).click();
  const control = member.getByRole('region', { name: 'Apontamento de horas' });
  await expect(control.getByRole('img', { name: reason })).toBeVisible();
  await expect(control.getByRole('button', { name: /Alterar o apontamento de 2:00 h/ })).toHaveCount(0);
  await member.screenshot({ path: testInfo.outputPath('closing-control.png') });
  // Whatever the path, the server refuses.
  const refused = await request.post('/api/genericItem/deleteTimeEntry', {
    headers: rui.headers,
    data: { ...ids, id: entryId },
  });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { Message: string }).Message).toMatch(reason);

  // The administrator reopens it with a reason; Rui's day takes changes again.
  await row.getByRole('button', { name: `Reabrir o mês de ${RUI.name}` }).click();
  const dialog = page.getByRole('dialog', { name: new RegExp(`Reabrir .* para ${RUI.name}`) });
  await dialog.getByRole('textbox', { name: /Motivo da reabertura/ }).fill('Correção pedida pelo financeiro');
  await page.screenshot({ path: testInfo.outputPath('closing-reopen.png') });
  await dialog.getByRole('button', { name: 'Reabrir' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Aberto');
  await member.goto(`/runtime/${demo.appId}/myTimesheet/Minhas%20horas?week=${day.iso}`);
  await expect(cell).toHaveValue('2:00');
  await expect(cell).not.toHaveAttribute('readonly', '');
  await member.context().close();
});
