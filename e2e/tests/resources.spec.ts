import type { APIRequestContext } from '@playwright/test';
import { signIn, test, expect } from '../support/fixtures';
import { tramitaLive } from '../support/database';
import { dateInput, expectDate, typeDate } from '../support/dates';
import { apiToken } from '../support/formsApi';

// Issue 17's resources screen: the administrator opens Recursos, filters, creates a named resource
// with a cost and a work calendar (national holidays, an exception), saves, reopens it and finds
// what was saved. A plain member reads the list and the form, gets nothing to change, and the
// server refuses her direct save too.

test.describe.configure({ mode: 'serial' });

const PATH = '/runtime/1/resourcesList/Recursos';
const password = 'Recursos-2026';
const ROOM = `Sala Alfa ${Date.now() % 100000}`;
const MIXER = 'Betoneira 400 L';
const year = new Date().getFullYear();

test.beforeAll(async ({ server, playwright }) => {
  tramitaLive(server, [
    'admin',
    'user',
    'add',
    'clara',
    '--name',
    'Clara Nunes',
    '--email',
    'clara@example.test',
    '--password',
    password,
  ]);
  const request = await playwright.request.newContext({ baseURL: server.url });
  const headers = { Authorization: `Bearer ${await apiToken(request)}` };
  const users = (await (await request.post('/api/user/getUsers', { headers, data: {} })).json()) as {
    id: number;
    login: string;
  }[];
  const clara = users.find((u) => u.login === 'clara')!.id;
  for (const data of [
    { id: 0, name: ROOM, active: true, calendar: { workPeriods: [{ weekDay: 1, start: '08:00', end: '12:00' }] } },
    { id: 0, userId: clara, active: true, calendar: { workPeriods: [] } },
  ]) {
    const res = await request.post('/api/resource/saveResource', { headers, data });
    expect(res.status(), await res.text()).toBe(200);
  }
  await request.dispose();
});

test('the administrator filters, creates a named resource with a calendar and finds it saved', async ({
  adminPage: page,
}, testInfo) => {
  // A long journey: the form with a year of holidays takes its time on a loaded machine.
  test.setTimeout(180_000);
  await page.goto(PATH);
  await expect(page.getByRole('heading', { level: 1, name: 'Recursos' })).toBeVisible({ timeout: 30_000 });
  const table = page.getByRole('table', { name: 'Recursos' });
  await expect(table.getByRole('button', { name: `Abrir ${ROOM}` })).toBeVisible();
  await expect(table.getByRole('button', { name: 'Abrir Clara Nunes' })).toBeVisible();

  await page.getByRole('combobox', { name: 'Tipo' }).click();
  await page.getByRole('option', { name: 'Recursos nomeados' }).click();
  await expect(table.getByRole('button', { name: 'Abrir Clara Nunes' })).toBeHidden();
  await expect(table.getByRole('button', { name: `Abrir ${ROOM}` })).toBeVisible();
  const roomRow = table.getByRole('row').filter({ hasText: ROOM });
  await expect(roomRow).toContainText('4 h/sem');
  await page.getByRole('button', { name: 'Limpar filtros' }).click();
  await expect(table.getByRole('button', { name: 'Abrir Clara Nunes' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('resources-list.png'), fullPage: true });

  await page.getByRole('button', { name: 'Novo recurso' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo recurso' });
  await dialog.getByRole('textbox', { name: 'Nome' }).fill(MIXER);
  await dialog.getByRole('textbox', { name: 'Custo por hora' }).fill('42,50');
  await dialog.getByRole('tab', { name: 'Calendário' }).click();
  await dialog.getByRole('button', { name: 'Horário comercial (seg. a sex.)' }).click();
  await expect(dialog.getByText('40 h por semana')).toBeVisible();
  await dialog.getByRole('button', { name: `Feriados nacionais de ${year}` }).click();
  await dialog.getByRole('button', { name: 'Adicionar exceção' }).click();
  const exceptionDate = dateInput(dialog, 'Data').last();
  await typeDate(page, exceptionDate, `1503${year}`);
  await expectDate(exceptionDate, `15/03/${year}`);
  await dialog.getByRole('textbox', { name: 'Motivo' }).fill('Manutenção preventiva');
  await dialog.getByRole('button', { name: 'Outro horário' }).click();
  await page.screenshot({ path: testInfo.outputPath('resources-calendar.png'), fullPage: true });
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Recurso salvo')).toBeVisible();
  await expect(dialog).toBeHidden();

  const mixerRow = table.getByRole('row').filter({ hasText: MIXER });
  await expect(mixerRow).toContainText('40 h/sem');
  await expect(mixerRow).toContainText('42,50/h');
  await expect(mixerRow).toContainText('Recurso nomeado');

  await page.reload();
  await table.getByRole('button', { name: `Abrir ${MIXER}` }).click();
  const saved = page.getByRole('dialog', { name: `Recurso: ${MIXER}` });
  await expect(saved.getByRole('textbox', { name: 'Custo por hora' })).toHaveValue('42,50');
  await saved.getByRole('tab', { name: 'Calendário' }).click();
  await expect(saved.getByText('40 h por semana')).toBeVisible();
  // Christmas is the last national holiday of the year, kept in date order.
  await expect(saved.getByRole('textbox', { name: 'Nome do feriado' }).last()).toHaveValue('Natal');
  await expect(saved.getByRole('textbox', { name: 'Motivo' })).toHaveValue('Manutenção preventiva');
  // The exception's hours are named after its date: the date and the other hours were kept.
  await expect(saved.getByRole('group', { name: `Início do período 1 de 15/03/${year}` })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('resources-reopened.png'), fullPage: true });
  await saved.getByRole('button', { name: 'Cancelar' }).click();
});

async function saveAs(request: APIRequestContext, token: string) {
  return request.post('/api/resource/saveResource', {
    headers: { Authorization: `Bearer ${token}`, 'Accept-Language': 'pt-BR' },
    data: { id: 0, name: 'Recurso da Clara', active: true, calendar: { workPeriods: [] } },
  });
}

test('a member reads the list and the form but may not change them, nor through the API', async ({
  page,
  request,
}, testInfo) => {
  await signIn(page, { login: 'clara', password });
  await page.goto(PATH);
  const table = page.getByRole('table', { name: 'Recursos' });
  await expect(table.getByRole('button', { name: `Abrir ${ROOM}` })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Somente administradores criam, alteram e excluem recursos.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Novo recurso' })).toHaveCount(0);
  await expect(table.getByRole('checkbox')).toHaveCount(0);

  await table.getByRole('button', { name: `Abrir ${ROOM}` }).click();
  const dialog = page.getByRole('dialog', { name: `Recurso: ${ROOM}` });
  await expect(dialog.getByRole('textbox', { name: 'Nome' })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Salvar' })).toHaveCount(0);
  await dialog.getByRole('tab', { name: 'Calendário' }).click();
  await expect(dialog.getByText('08:00–12:00')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('resources-member.png'), fullPage: true });
  await dialog.getByRole('button', { name: 'Fechar' }).click();

  const res = await saveAs(request, await apiToken(request, 'clara', password));
  expect(res.status()).toBe(403);
  expect(((await res.json()) as { Message: string }).Message).toContain('Você não tem permissão para esta operação.');
});
