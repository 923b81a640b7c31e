import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { tramitaLive } from '../support/database';
import { apiToken } from '../support/formsApi';

// Issue 15's journey: an administrator creates a project and gives it a member (Maria) and a
// read-only group (Auditoria, with Rui). Maria signs in, opens the project page, creates a task
// there and moves it on the kanban; Rui sees it and cannot save; the administrator removes Maria
// and her list is empty at once, and the server answers her nothing either.

test.describe.configure({ mode: 'serial' });

const password = 'Obra-Norte-2026';
const PROJECT = `Obra Norte ${Date.now() % 100000}`;
const TASK = 'Concretar a laje do térreo';

test.beforeAll(({ server }) => {
  for (const [login, name] of [
    ['maria.oliveira', 'Maria Oliveira'],
    ['rui', 'Rui Barbosa'],
  ]) {
    tramitaLive(server, [
      'admin',
      'user',
      'add',
      login,
      '--name',
      name,
      '--email',
      `${login}@example.test`,
      '--password',
      password,
    ]);
  }
});

async function signInAs(browser: Browser, login: string, baseURL: string): Promise<Page> {
  const page = await (
    await browser.newContext({ baseURL, locale: 'pt-BR', viewport: { width: 1400, height: 950 } })
  ).newPage();
  await page.goto('/?next=%2Fapp');
  await page.getByLabel('Login', { exact: true }).fill(login);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/app$/);
  await expect.poll(() => page.evaluate(() => window.localStorage.getItem('stored_data'))).not.toBeNull();
  return page;
}

async function openProjects(page: Page) {
  await page.getByRole('button', { name: 'Gestão de Projetos' }).click();
  await page
    .getByRole('complementary', { name: 'Menu do aplicativo' })
    .getByRole('link', { name: 'Projetos', exact: true })
    .click();
  await expect(page.getByRole('table', { name: 'Projetos' })).toBeVisible();
}

async function openProjectPage(page: Page) {
  await openProjects(page);
  await page.getByRole('table', { name: 'Projetos' }).getByRole('link', { name: PROJECT }).click();
  await expect(page.getByRole('heading', { level: 1, name: PROJECT })).toBeVisible();
}

async function tokenOf(request: APIRequestContext, login: string) {
  return apiToken(request, login, password);
}

/** The tasks Maria's server answers for the task type, every project she may read. */
async function mariasTasks(request: APIRequestContext) {
  const headers = { Authorization: `Bearer ${await tokenOf(request, 'maria.oliveira')}` };
  const types = await request.get('/api/genericItem/getComponentByName?name=task', { headers });
  const { id } = (await types.json()) as { id: number };
  const res = await request.post('/api/genericItem/executeFilter', {
    headers,
    data: { componentID: id, rowsPerPage: 50, page: 0, filters: [] },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { rows: { Title: string }[] }).rows;
}

test('an administrator creates a project, with a member and a read-only group', async ({
  adminPage: page,
  request,
}, testInfo) => {
  // The group of auditors, with Rui in it (administration's calls; the groups screen has its own test).
  const headers = { Authorization: `Bearer ${await apiToken(request)}` };
  const group = await request.post('/api/admin/groups/save', { headers, data: { id: 0, name: 'Auditoria' } });
  expect(group.status(), await group.text()).toBe(200);
  const { id: groupId } = (await group.json()) as { id: number };
  const users = (await (await request.post('/api/user/getUsers', { headers, data: {} })).json()) as {
    id: number;
    login: string;
  }[];
  const rui = users.find((u) => u.login === 'rui')!.id;
  expect(
    (await request.post('/api/admin/groups/members', { headers, data: { groupId, userIds: [rui] } })).status(),
  ).toBe(200);

  await page.setViewportSize({ width: 1400, height: 950 });
  await openProjects(page);
  await page.getByRole('button', { name: 'Novo projeto' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo projeto' });
  await dialog.getByRole('textbox', { name: 'Nome' }).fill(PROJECT);
  await dialog.getByRole('textbox', { name: 'Código' }).fill(`ON-${Date.now() % 10000}`);
  await dialog.getByRole('button', { name: 'Criar projeto' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('table', { name: 'Projetos' }).getByRole('link', { name: PROJECT })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('projects-list.png') });

  await page.getByRole('table', { name: 'Projetos' }).getByRole('link', { name: PROJECT }).click();
  await expect(page.getByRole('heading', { level: 1, name: PROJECT })).toBeVisible();
  await page.getByRole('button', { name: `Membros de ${PROJECT}` }).click();
  const members = page.getByRole('dialog', { name: `Membros de ${PROJECT}` });
  await members.getByRole('combobox', { name: 'Usuário' }).fill('Maria Oli');
  await page.getByRole('option', { name: /Maria Oliveira/ }).click();
  await members.getByRole('combobox', { name: 'Papel', exact: true }).click();
  await page.getByRole('option', { name: /^Membro/ }).click();
  await members.getByRole('button', { name: 'Adicionar' }).click();
  await members.getByRole('button', { name: 'Grupo', exact: true }).click();
  await members.getByRole('combobox', { name: 'Grupo' }).fill('Audit');
  await page.getByRole('option', { name: /Auditoria/ }).click();
  await members.getByRole('combobox', { name: 'Papel', exact: true }).click();
  await page.getByRole('option', { name: /^Somente leitura/ }).click();
  await members.getByRole('button', { name: 'Adicionar' }).click();
  await expect(members.getByRole('button', { name: 'Remover Maria Oliveira' })).toBeVisible();
  await expect(members.getByRole('button', { name: 'Remover Auditoria' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('project-members.png') });
  await members.getByRole('button', { name: 'Salvar' }).click();
  await expect(members).toBeHidden();
  await expect(page.getByRole('list', { name: 'Membros' })).toContainText('Maria Oliveira');
});

test('Maria opens the project page, creates a task there and moves it on the kanban', async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const page = await signInAs(browser, 'maria.oliveira', baseURL!);
  await openProjectPage(page);
  await page.screenshot({ path: testInfo.outputPath('project-page-member.png'), fullPage: true });

  await page
    .getByRole('region', { name: 'Tarefa' })
    .getByRole('link', { name: /Abrir a lista de Tarefa do projeto/ })
    .click();
  await page
    .getByRole('link', { name: 'Novo item' })
    .or(page.getByRole('button', { name: 'Novo item' }))
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'Novo item: Tarefa' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Título' }).fill(TASK);
  await page.getByRole('combobox', { name: 'Prioridade' }).click();
  await page.getByRole('option', { name: 'Alta', exact: true }).click();
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(page.getByRole('heading', { name: TASK })).toBeVisible();
  await expect(page.getByText(`Projeto: ${PROJECT}`)).toBeVisible();
  const number = Number(
    /#(\d+)/.exec(
      (await page
        .getByText(/^Tarefa #\d+$/i)
        .first()
        .textContent()) ?? '',
    )?.[1],
  );
  expect(number).toBeGreaterThan(0);

  // The task board: her task is the one card she may see; a drop on "Em andamento" starts it.
  await page
    .getByRole('complementary', { name: 'Menu do aplicativo' })
    .getByRole('link', { name: 'Quadro de tarefas' })
    .click();
  const card = page.getByLabel(`Tarefa ${number}: ${TASK}`);
  await expect(card).toBeVisible({ timeout: 30_000 });
  await card.dragTo(page.locator('[data-status-id][aria-label="Coluna Em andamento"]'));
  const ask = page.getByRole('dialog', { name: 'Comentário e responsável' });
  await ask.getByRole('combobox', { name: /Novo responsável/ }).click();
  await page.getByRole('option', { name: /Maria Oliveira/ }).click();
  await ask.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('1 item tramitado para Em andamento.')).toBeVisible();
  await expect(
    page.locator('[data-status-id][aria-label="Coluna Em andamento"]').getByLabel(`Tarefa ${number}: ${TASK}`),
  ).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('kanban-member.png') });
  await page.context().close();
});

test('Rui, read-only through his group, sees the task and cannot save it; the server refuses too', async ({
  browser,
  baseURL,
  request,
}, testInfo) => {
  const page = await signInAs(browser, 'rui', baseURL!);
  await openProjectPage(page);
  await page.getByRole('tree', { name: 'Estrutura analítica (EAP)' }).getByRole('link', { name: TASK }).click();
  await expect(page.getByRole('heading', { name: TASK })).toBeVisible();
  await expect(page.getByText(/somente para leitura/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Salvar', exact: true })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('read-only-form.png') });
  await page.context().close();

  const headers = { Authorization: `Bearer ${await tokenOf(request, 'rui')}` };
  const types = await request.get('/api/genericItem/getComponentByName?name=task', { headers });
  const { id: componentId } = (await types.json()) as { id: number };
  const found = await request.post('/api/genericItem/executeFilter', {
    headers,
    data: { componentID: componentId, rowsPerPage: 5, page: 0, filters: [], search: TASK },
  });
  const [row] = ((await found.json()) as { rows: { id: number; Title: string }[] }).rows;
  expect(row?.Title).toBe(TASK);
  const saved = await request.post('/api/genericItem/updateItemField', {
    headers,
    data: { componentId, itemId: row!.id, field: 'Title', value: 'Alterado por quem só lê' },
  });
  expect(saved.status(), await saved.text()).toBeGreaterThanOrEqual(400);
  expect(saved.status()).toBeLessThan(500);
});

test('the administrator removes Maria: her list is empty at once, and the server answers her nothing', async ({
  adminPage: page,
  browser,
  baseURL,
  request,
}) => {
  // Two browsers signed in, the members dialog and Maria's screens: more than a minute on a busy machine.
  test.setTimeout(120_000);
  const maria = await signInAs(browser, 'maria.oliveira', baseURL!);
  expect((await mariasTasks(request)).map((t) => t.Title)).toContain(TASK);

  await page.setViewportSize({ width: 1400, height: 950 });
  await openProjectPage(page);
  await page.getByRole('button', { name: `Membros de ${PROJECT}` }).click();
  const members = page.getByRole('dialog', { name: `Membros de ${PROJECT}` });
  await members.getByRole('button', { name: 'Remover Maria Oliveira' }).click();
  await members.getByRole('button', { name: 'Salvar' }).click();
  await expect(members).toBeHidden();

  expect(await mariasTasks(request)).toHaveLength(0);
  await maria.getByRole('button', { name: 'Gestão de Projetos' }).click();
  await maria
    .getByRole('complementary', { name: 'Menu do aplicativo' })
    .getByRole('link', { name: 'Tarefas', exact: true })
    .click();
  await expect(maria.getByText('Nenhum registro encontrado')).toBeVisible();
  await maria.context().close();
});
