import { readFileSync } from 'node:fs';
import type { Download, Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { apiToken, demoTaskForm } from '../support/formsApi';
import { readFirstSheet } from '../support/xlsx';

// The operation page (issue 8, Operations) on the demo's "Relatório de tarefas"
// (apps/demo/project-management.yaml, operation taskSummary): parameters, a run
// on the server, the file it answers (CSV, then an xlsx workbook) saved under
// the name the server gave; a value the server refuses shows its message on
// its field.

async function choose(page: Page, field: string, option: string) {
  await page.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function run(page: Page): Promise<Download> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Executar' }).click();
  return download;
}

async function contentOf(download: Download): Promise<Buffer> {
  return readFileSync(await download.path());
}

test('an operation runs with its parameters and answers a file', async ({ adminPage: page, request }, testInfo) => {
  // Two tasks of different priorities: the report of "Alta" lists one and not the other.
  const demo = await demoTaskForm(request);
  const headers = { Authorization: `Bearer ${await apiToken(request)}` };
  const stamp = Date.now() % 100000;
  const high = `Migrar o servidor de arquivos ${stamp}`;
  const low = `Trocar o cartaz da recepção ${stamp}`;
  for (const [title, priority] of [
    [high, 'high'],
    [low, 'low'],
  ] as const) {
    const saved = await request.post('/api/genericItem/saveItem', {
      headers,
      data: { component: demo.componentId, projectId: demo.projectId, item: { Title: title, priority } },
    });
    expect(saved.status(), await saved.text()).toBe(200);
  }

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/app');
  await page.getByRole('button', { name: 'Gestão de Projetos' }).click();
  const sidebar = page.getByRole('complementary', { name: 'Menu do aplicativo' });
  await expect(sidebar.getByRole('link', { name: 'Relatório de tarefas' })).toBeVisible();
  await sidebar.getByRole('link', { name: 'Relatório de tarefas' }).click();
  await expect(page).toHaveURL(new RegExp(`/runtime/${demo.appId}/operation/\\d+/Relat`));
  await expect(page.getByRole('heading', { name: 'Relatório de tarefas' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Resumo de tarefas' })).toBeVisible();

  // CSV: the priority's tasks only, written by the server: a byte-order mark (Excel reads the accents),
  // separated by semicolons, quoted only where CSV needs it.
  await choose(page, 'Prioridade', 'Alta');
  await choose(page, 'Formato', 'CSV');
  const csv = await run(page);
  expect(csv.suggestedFilename()).toBe('tarefas-high.csv');
  const text = (await contentOf(csv)).toString('utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const lines = text.slice(1).trimEnd().split('\r\n');
  expect(lines[0]).toBe('ID;Título;Status;Prioridade;Progresso;Prazo');
  expect(lines.some((line) => line.includes(`;${high};A fazer;Alta;`))).toBe(true);
  expect(text).not.toContain(low);
  await expect(page.getByRole('status').getByText(/^Arquivo tarefas-high\.csv \(\d+,\d KB\) baixado\.$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Executar' })).toBeEnabled();
  await page.mouse.move(900, 700); // no hover or ripple in the picture
  await page.waitForTimeout(600);
  await page.screenshot({ path: testInfo.outputPath('operation-csv.png'), fullPage: true });

  // xlsx: the server writes the workbook; the same rows, a header in the first line.
  await choose(page, 'Formato', 'Excel (xlsx)');
  await page.getByRole('checkbox', { name: 'Somente não concluídas' }).check();
  const xlsx = await run(page);
  expect(xlsx.suggestedFilename()).toBe('tarefas-high.xlsx');
  const cells = readFirstSheet(await contentOf(xlsx));
  expect([cells.get('A1'), cells.get('B1'), cells.get('D1')]).toEqual(['ID', 'Título', 'Prioridade']);
  const titles = [...cells.entries()].filter(([ref]) => /^B\d+$/.test(ref) && ref !== 'B1').map(([, value]) => value);
  expect(titles).toContain(high);
  expect(titles).not.toContain(low);
  // Labels, not keys: the priority as people read it.
  const priorities = [...cells.entries()]
    .filter(([ref]) => /^D\d+$/.test(ref) && ref !== 'D1')
    .map(([, value]) => value);
  expect(new Set(priorities)).toEqual(new Set(['Alta']));
});

test('a parameter the server refuses shows its message on its field', async ({ adminPage: page }, testInfo) => {
  await page.getByRole('button', { name: 'Gestão de Projetos' }).click();
  await page
    .getByRole('complementary', { name: 'Menu do aplicativo' })
    .getByRole('link', { name: 'Relatório de tarefas' })
    .click();
  await choose(page, 'Prioridade', 'Alta');
  // A value the form no longer offers (a picklist changed since the page opened, say): the
  // request is rewritten on its way, the server checks it against the picklist.
  await page.route('**/api/genericItem/executeOperationCallResultFunction', async (route) => {
    const body = route.request().postDataJSON() as { params: Record<string, unknown> };
    await route.continue({ postData: JSON.stringify({ ...body, params: { ...body.params, priority: 'urgent' } }) });
  });
  await page.getByRole('button', { name: 'Executar' }).click();
  const field = page.getByRole('combobox', { name: 'Prioridade' });
  await expect(page.getByText('O valor do campo Prioridade é inválido.')).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Verifique os campos destacados.')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('operation-bad-parameter.png'), fullPage: true });
});
