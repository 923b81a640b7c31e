import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { tramitaLive } from '../support/database';
import { apiToken, demoTaskForm } from '../support/formsApi';

// Issue 21's first hour, on a fresh install without a mail server: the administrator creates a
// colleague and hands over the temporary password shown once; the colleague signs in, changes it,
// and creates a task from "Novo item" in "Tarefas" by choosing the project; "Tramitar" on a
// finished task is offered disabled with the reason; the administrator switches maintenance off
// from the settings screen.

test.describe.configure({ mode: 'serial' });

const LIA = { login: 'lia.costa', name: 'Lia Costa', email: 'lia.costa@example.test' };
const NEW_PASSWORD = 'Lia-Nova-Senha-2026';
const temporary = { value: '' };

async function adminHeaders(request: APIRequestContext) {
  return { Authorization: `Bearer ${await apiToken(request)}` };
}

/** Makes a user a member of a demo project, keeping its other members (the save replaces the lists). */
async function addMember(request: APIRequestContext, projectName: string, userId: number) {
  const headers = await adminHeaders(request);
  const projects = (await (await request.get('/api/genericItem/loadProjects', { headers })).json()) as {
    id: number;
    name: string;
  }[];
  const projectId = projects.find((p) => p.name === projectName)!.id;
  const current = (await (
    await request.post('/api/genericItem/loadProjectPermissions', { headers, data: { projectId } })
  ).json()) as { users: { id: number; role: string }[]; groups: { id: number; role: string }[] };
  const saved = await request.post('/api/genericItem/saveProjectPermissions', {
    headers,
    data: {
      projectId,
      users: [...current.users.map(({ id, role }) => ({ id, role })), { id: userId, role: 'member' }],
      groups: current.groups.map(({ id, role }) => ({ id, role })),
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

async function signInAsLia(browser: Browser, baseURL: string, password: string): Promise<Page> {
  const page = await (
    await browser.newContext({ baseURL, locale: 'pt-BR', viewport: { width: 1400, height: 950 } })
  ).newPage();
  await page.goto('/?next=%2Fapp');
  await page.getByLabel('Login', { exact: true }).fill(LIA.login);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  return page;
}

test('without a mail server, the administrator creates a colleague and sees the temporary password once', async ({
  adminPage: page,
  request,
}, testInfo) => {
  await page.setViewportSize({ width: 1400, height: 950 });
  await page.goto('/administration/users/Usuários');
  await page.getByRole('button', { name: 'Novo usuário' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo usuário' });
  await expect(dialog.getByRole('radio', { name: 'Enviar por e-mail ao usuário' })).toBeDisabled();
  await expect(dialog.getByRole('radio', { name: 'Mostrar agora, para eu entregar' })).toBeChecked();
  await dialog.getByRole('textbox', { name: 'Login' }).fill(LIA.login);
  await dialog.getByRole('textbox', { name: 'Nome' }).fill(LIA.name);
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(LIA.email);
  await dialog.getByRole('button', { name: 'Salvar' }).click();

  const shown = page.getByRole('dialog', { name: `Senha temporária de ${LIA.name}` });
  await expect(shown).toBeVisible();
  temporary.value = (await shown.getByTestId('temporary-password').textContent()) ?? '';
  expect(temporary.value.length).toBeGreaterThanOrEqual(12);
  await page.screenshot({ path: testInfo.outputPath('temporary-password.png') });
  await shown.getByRole('button', { name: 'Concluir' }).click();
  await expect(
    page.getByRole('table', { name: 'Usuários' }).getByRole('row', { name: new RegExp(LIA.name) }),
  ).toBeVisible();

  // Lia works in two of the demo's projects.
  const users = (await (
    await request.post('/api/user/getUsers', { headers: await adminHeaders(request), data: {} })
  ).json()) as {
    id: number;
    login: string;
  }[];
  const lia = users.find((u) => u.login === LIA.login)!.id;
  await addMember(request, 'Transformação Digital', lia);
  await addMember(request, 'Nova Sede', lia);
});

test('the colleague signs in, changes the password and creates a task choosing the project', async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(90_000);
  expect(temporary.value).not.toBe('');
  const page = await signInAsLia(browser, baseURL!, temporary.value);
  await page.getByRole('dialog', { name: 'Senha expirada' }).getByRole('button', { name: 'Alterar senha' }).click();
  const change = page.getByRole('dialog', { name: 'Alterar a Senha' });
  await change.getByLabel('Nova senha', { exact: true }).fill(NEW_PASSWORD);
  await change.getByLabel('Confirme a nova senha', { exact: true }).fill(NEW_PASSWORD);
  await change.getByRole('button', { name: 'Alterar', exact: true }).click();
  await expect(page.getByRole('button', { name: `Menu de ${LIA.name}` })).toBeVisible();

  await page.getByRole('button', { name: 'Gestão de Projetos' }).click();
  await page
    .getByRole('complementary', { name: 'Menu do aplicativo' })
    .getByRole('link', { name: 'Tarefas', exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tarefas' })).toBeVisible();
  await page
    .getByRole('link', { name: 'Novo item' })
    .or(page.getByRole('button', { name: 'Novo item' }))
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'Em qual projeto?' })).toBeVisible();
  await page.getByRole('radio', { name: 'Nova Sede' }).check();
  await page.screenshot({ path: testInfo.outputPath('choose-project.png') });
  await page.getByRole('button', { name: 'Continuar' }).click();

  await expect(page.getByRole('heading', { name: 'Novo item: Tarefa' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Título' }).fill('Levantar o mobiliário da sede');
  await page.getByRole('combobox', { name: 'Prioridade' }).click();
  await page.getByRole('option', { name: 'Média', exact: true }).click();
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Levantar o mobiliário da sede' })).toBeVisible();
  await expect(page.getByText('Projeto: Nova Sede')).toBeVisible();
  await page.context().close();
});

test('Tramitar on a finished task is offered disabled, with the reason', async ({
  browser,
  baseURL,
  request,
}, testInfo) => {
  // A finished demo task in one of Lia's projects, neither hers nor created by her.
  const demo = await demoTaskForm(request);
  const headers = await adminHeaders(request);
  const res = await request.post('/api/genericItem/executeFilter', {
    headers,
    data: { componentID: demo.componentId, rowsPerPage: 200, page: 0, filters: [] },
  });
  const rows = ((await res.json()) as { rows: { id: number; StatusName: string; ProjectName: string }[] }).rows;
  const done = rows.find((r) => r.StatusName === 'Concluída' && r.ProjectName === 'Transformação Digital');
  expect(done, 'a finished task in Transformação Digital').toBeDefined();

  const page = await signInAsLia(browser, baseURL!, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/app$/);
  await expect.poll(() => page.evaluate(() => window.localStorage.getItem('stored_data'))).not.toBeNull();
  await page.goto(`/runtime/${demo.appId}/editItem/${demo.componentId}/${done!.id}/${demo.formId}`);
  const move = page.getByRole('button', { name: 'Tramitar' });
  await expect(move).toBeDisabled();
  await expect(move).toHaveAccessibleDescription('Nenhuma tramitação é possível neste item agora.');
  await move.locator('..').hover();
  await expect(page.getByRole('tooltip')).toHaveText('Nenhuma tramitação é possível neste item agora.');
  await page.screenshot({ path: testInfo.outputPath('nothing-to-do.png') });
  await page.context().close();
});

test('the administrator switches maintenance off from the settings screen', async ({ adminPage: page, server }) => {
  tramitaLive(server, ['admin', 'maintenance', 'on']);
  await page.setViewportSize({ width: 1400, height: 950 });
  await page.goto('/administration/settings');
  await expect(page.getByRole('region', { name: 'Manutenção' })).toContainText('Modo de manutenção ligado');
  const toggle = page.getByLabel('Modo de manutenção', { exact: true });
  await expect(toggle).toBeChecked();
  await toggle.uncheck();
  await page.getByRole('button', { name: 'Salvar configurações' }).click();
  await expect(page.getByRole('region', { name: 'Manutenção' })).toHaveCount(0);
  const visitor = await page.context().browser()!.newPage();
  await visitor.goto(page.url().replace(/\/administration.*$/, '/'));
  await expect(visitor.getByRole('button', { name: 'Entrar' })).toBeVisible();
  await visitor.close();
});
