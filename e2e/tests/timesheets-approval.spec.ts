import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { test, expect as baseExpect } from '../support/fixtures';
import { tramitaLive } from '../support/database';
import { apiToken, demoTaskForm } from '../support/formsApi';

// Approval of hours (issue 17): Marina, a member of the demo project, logs last week with the keyboard
// after copying the week before's items, and submits it; Gil, a manager of the project, rejects one day
// with a reason in "Horas da equipe"; Marina gets the message, sees the reason on the cell, fixes it
// and submits again; Gil approves the week, and Marina can no longer change it.

const expect = baseExpect.configure({ timeout: 60_000 });
test.describe.configure({ mode: 'serial' });

const password = 'Horas-Aprovadas-7';
const MARINA = { login: 'marina', name: 'Marina Membro' };
const GIL = { login: 'gil', name: 'Gil Gerente' };

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const shown = (d: Date) => `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;

/** The days of the week `back` weeks before this one, Sunday to Saturday. */
function weekBefore(back: number): Date[] {
  const now = new Date();
  const sunday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - now.getDay() - 7 * back);
  return Array.from({ length: 7 }, (_, i) => new Date(sunday.getFullYear(), sunday.getMonth(), sunday.getDate() + i));
}

const cell = (page: Page, title: string, date: string) =>
  page.getByRole('textbox', { name: new RegExp(`^Horas em #\\d+ ${title} no dia ${date}$`) });

async function tokenOf(request: APIRequestContext, login: string) {
  return { Authorization: `Bearer ${await apiToken(request, login, password)}` };
}

async function signInAs(browser: Browser, baseURL: string, login: string): Promise<Page> {
  const page = await (
    await browser.newContext({ baseURL, locale: 'pt-BR', viewport: { width: 1400, height: 1000 } })
  ).newPage();
  await page.goto('/?next=%2Fapp');
  await page.getByLabel('Login', { exact: true }).fill(login);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/app$/);
  await expect.poll(() => page.evaluate(() => window.localStorage.getItem('stored_data'))).not.toBeNull();
  return page;
}

const shared = { a: '', b: '', appId: 0 };

test.beforeAll(async ({ server, request }) => {
  for (const u of [MARINA, GIL]) {
    tramitaLive(server, [
      'admin',
      'user',
      'add',
      u.login,
      '--name',
      u.name,
      '--email',
      `${u.login}@example.test`,
      '--password',
      password,
    ]);
  }
  const admin = { Authorization: `Bearer ${await apiToken(request)}` };
  const users = (await (await request.post('/api/user/getUsers', { headers: admin, data: {} })).json()) as {
    id: number;
    login: string;
  }[];
  const idOf = (login: string) => users.find((u) => u.login === login)!.id;
  // Marina records hours per day.
  const form = (await (
    await request.get(`/api/user/getUsertoEdit?UserId=${idOf(MARINA.login)}`, { headers: admin })
  ).json()) as Record<string, unknown>;
  const saved = await request.post('/api/user/saveUser', { headers: admin, data: { ...form, timesheetType: '1' } });
  expect(saved.status(), await saved.text()).toBe(200);

  // Marina is a member of the demo project, Gil one of its managers.
  const demo = await demoTaskForm(request);
  const current = (await (
    await request.post('/api/genericItem/loadProjectPermissions', {
      headers: admin,
      data: { projectId: demo.projectId },
    })
  ).json()) as { users: { id: number; role: string }[]; groups: { id: number; role: string }[] };
  const perms = await request.post('/api/genericItem/saveProjectPermissions', {
    headers: admin,
    data: {
      projectId: demo.projectId,
      users: [
        ...current.users.map(({ id, role }) => ({ id, role })),
        { id: idOf(MARINA.login), role: 'member' },
        { id: idOf(GIL.login), role: 'manager' },
      ],
      groups: current.groups.map(({ id, role }) => ({ id, role })),
    },
  });
  expect(perms.status(), await perms.text()).toBe(200);

  // Two tasks; Marina logged an hour on each on the Sunday of the week before last (her items then).
  const stamp = Date.now() % 100000;
  const ids: number[] = [];
  for (const title of [`Aprovação A ${stamp}`, `Aprovação B ${stamp}`]) {
    const created = await request.post('/api/genericItem/saveItem', {
      headers: admin,
      data: { component: demo.componentId, projectId: demo.projectId, item: { Title: title, priority: 'low' } },
    });
    expect(created.status(), await created.text()).toBe(200);
    ids.push(((await created.json()) as { id: number }).id);
  }
  [shared.a, shared.b] = [`Aprovação A ${stamp}`, `Aprovação B ${stamp}`];
  const before = weekBefore(2);
  const logged = await request.post('/api/timesheets/saveMyWeek', {
    headers: await tokenOf(request, MARINA.login),
    data: {
      weekStart: iso(before[0]!),
      cells: ids.map((itemId) => ({ itemId, date: iso(before[0]!), minutes: 60, description: '' })),
    },
  });
  expect(logged.status(), await logged.text()).toBe(200);
});

test('a member submits a week, the manager rejects a day, the member fixes it, the manager approves', async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(300_000);
  const { a, b } = shared;
  const days = weekBefore(1);
  const [sunday, monday, tuesday] = days.map(shown) as [string, string, string];
  const saturday = shown(days[6]!);

  // Marina: last week, the week before's items copied, hours typed with the keyboard, Enter saves.
  const marina = await signInAs(browser, baseURL!, MARINA.login);
  await marina.goto(`/runtime/1/myTimesheet/Minhas%20horas?week=${iso(days[0]!)}`);
  await expect(marina.getByRole('heading', { name: `Semana de ${sunday} a ${saturday}` })).toBeVisible();
  await marina.getByRole('button', { name: 'Copiar semana anterior' }).click();
  await expect(cell(marina, a, monday)).toHaveValue('');
  await expect(cell(marina, b, monday)).toHaveValue('');
  await cell(marina, a, monday).focus();
  await marina.keyboard.type('2');
  await marina.keyboard.press('ArrowRight');
  await marina.keyboard.type('3');
  await marina.keyboard.press('ArrowDown');
  await expect(cell(marina, b, tuesday)).toBeFocused();
  await marina.keyboard.type('1,5');
  await marina.keyboard.press('Enter');
  await expect(marina.getByText('Horas salvas.')).toBeVisible();
  await expect(marina.getByText('Semana não enviada')).toBeVisible();

  // She submits the week: the cells become read-only.
  await marina.getByRole('button', { name: 'Enviar semana' }).click();
  const confirm = marina.getByRole('dialog', { name: 'Enviar a semana para aprovação' });
  await expect(confirm).toContainText('Enviar 3 apontamentos desta semana');
  await confirm.getByRole('button', { name: 'Sim' }).click();
  await expect(marina.getByText('Semana enviada: aguardando aprovação')).toBeVisible();
  await expect(cell(marina, a, tuesday)).toHaveAttribute('readonly', '');
  await expect(marina.getByRole('button', { name: 'Enviar semana' })).toBeDisabled();

  // Gil: "Horas da equipe" lists what waits for him; he rejects Tuesday's 3 hours with a reason.
  const gil = await signInAs(browser, baseURL!, GIL.login);
  await gil.goto('/runtime/1/timesheetList/Horas%20da%20equipe');
  await expect(gil.getByRole('heading', { name: 'Horas da equipe', level: 1 })).toBeVisible();
  const tuesdayBox = gil.getByRole('checkbox', {
    name: new RegExp(`^Selecionar 3:00 h de ${MARINA.name} em ${tuesday}, #\\d+ ${a}$`),
  });
  await expect(tuesdayBox).toBeVisible();
  await expect(gil.getByText('3 apontamentos · 6:30 h')).toBeVisible();
  await tuesdayBox.check();
  await gil.getByRole('button', { name: 'Rejeitar' }).click();
  const reject = gil.getByRole('dialog', { name: 'Rejeitar as horas' });
  await reject.getByRole('textbox', { name: 'Motivo da rejeição' }).fill('Terça foi feriado: confira as horas.');
  await gil.screenshot({ path: testInfo.outputPath('team-reject.png') });
  await reject.getByRole('button', { name: 'Rejeitar' }).click();
  await expect(gil.getByText('1 apontamento rejeitado; 1 pessoa(s) avisada(s).')).toBeVisible();

  // Marina gets the message, and sees the reason on the week; she fixes Tuesday and submits again.
  await marina.getByRole('button', { name: /^Mensagens, 1 não lida/ }).click();
  await marina.getByRole('button', { name: /Suas horas foram rejeitadas/ }).click();
  const message = marina.getByRole('dialog', { name: 'Suas horas foram rejeitadas' });
  await expect(message).toContainText('Gil Gerente rejeitou estas horas. Motivo: Terça foi feriado: confira as horas.');
  await message.getByRole('button', { name: 'OK' }).click();
  await marina.keyboard.press('Escape');
  await marina.reload();
  await expect(marina.getByRole('alert').filter({ hasText: '1 apontamento foi rejeitado' })).toContainText(
    `${tuesday} — Gil Gerente: Terça foi feriado: confira as horas.`,
  );
  await marina.screenshot({ path: testInfo.outputPath('my-week-rejected.png') });
  await cell(marina, a, tuesday).focus();
  await marina.keyboard.type('1');
  await marina.keyboard.press('Enter');
  await expect(marina.getByText('Horas salvas.')).toBeVisible();
  await expect(marina.getByRole('alert').filter({ hasText: 'foi rejeitado' })).toBeHidden();
  await marina.getByRole('button', { name: 'Enviar semana' }).click();
  await marina
    .getByRole('dialog', { name: 'Enviar a semana para aprovação' })
    .getByRole('button', { name: 'Sim' })
    .click();
  await expect(marina.getByText('Semana enviada: aguardando aprovação')).toBeVisible();

  // Gil approves the whole week.
  await gil.reload();
  await expect(gil.getByText('3 apontamentos · 4:30 h')).toBeVisible();
  await gil.getByRole('checkbox', { name: 'Selecionar os 3 apontamentos aguardando aprovação' }).check();
  await gil.getByRole('button', { name: 'Aprovar' }).click();
  await gil.getByRole('dialog', { name: 'Aprovar as horas' }).getByRole('button', { name: 'Sim' }).click();
  await expect(gil.getByText('3 apontamentos aprovados; 1 pessoa(s) avisada(s).')).toBeVisible();
  await gil.getByRole('button', { name: /^Aprovadas/ }).click();
  await expect(gil.getByText('3 apontamentos · 4:30 h')).toBeVisible();
  await gil.screenshot({ path: testInfo.outputPath('team-approved.png') });

  // Marina can no longer change the week, and is told why.
  await marina.reload();
  await expect(marina.getByText('Semana aprovada')).toBeVisible();
  const approved = cell(marina, a, tuesday);
  await expect(approved).toHaveAttribute('readonly', '');
  await expect(approved).toHaveAttribute(
    'aria-description',
    'Estas horas foram aprovadas e não podem mais ser alteradas.',
  );
  await approved.focus();
  await marina.keyboard.type('5');
  await expect(approved).toHaveValue('1:00');
  await marina.screenshot({ path: testInfo.outputPath('my-week-approved.png') });
});
