import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { apiToken, demoTaskForm } from '../support/formsApi';
import { adminPassword } from '../support/server';

// The contracted plan's storage limit (docs/admin.md, Plan), in Chromium against the binary: the
// administrator lowers it below what the platform already holds in the plan editor, an attachment
// of the demo task form is then refused with the plan's message and nothing is kept; with room
// again the same file is attached and the plan's usage counts it. Screenshots of the refusal and of
// the plan page go to the output folder.

const MB = 1024 * 1024;

interface PlanAnswer {
  limits: { users: number | null; storageBytes: number | null; applications: number | null };
  usage: { storageBytes: number; databaseBytes: number; fileBytes: number };
}

async function plan(request: APIRequestContext): Promise<PlanAnswer> {
  const res = await request.get('/api/admin/plan', { headers: { Authorization: `Bearer ${await apiToken(request)}` } });
  expect(res.ok()).toBeTruthy();
  return (await res.json()) as PlanAnswer;
}

/** Sets the plan's storage limit through the plan editor of the administration's dashboard. */
async function setStorageLimit(page: Page, gigabytes: string) {
  await page.goto('/administration');
  await page.getByRole('button', { name: 'Editar o plano' }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar o plano' });
  await dialog.getByRole('textbox', { name: 'Nome do plano' }).fill('Essencial');
  await dialog.getByRole('textbox', { name: 'Armazenamento' }).fill(gigabytes);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Plano salvo', { exact: true })).toBeVisible();
  await expect(dialog).toHaveCount(0);
}

test('past the plan storage limit an attachment is refused with the plan message and nothing is kept', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1400, height: 1000 });
  const demo = await demoTaskForm(request);
  const headers = { Authorization: `Bearer ${await apiToken(request)}` };
  const tasks = (await (
    await request.post('/api/genericItem/loadGenericItems', {
      headers,
      data: { componentId: demo.componentId, limit: 5 },
    })
  ).json()) as { id: number; Title: string }[];
  const task = tasks.find((t) => t.Title.trim() !== '');
  expect(task).toBeTruthy();

  await page.goto('/?next=%2Fadministration');
  await page.getByLabel('Login', { exact: true }).fill('admin');
  await page.getByLabel('Senha', { exact: true }).fill(adminPassword);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/administration/);

  // A limit a whole number of MB below what the database alone holds: no room left. The editor takes
  // GB; MB/1024 is exact in binary, so the server gets whole MB and quotes them.
  const before = await plan(request);
  const limitMB = Math.floor(before.usage.storageBytes / MB) - 1;
  await setStorageLimit(page, String(limitMB / 1024));
  expect((await plan(request)).limits.storageBytes).toBe(limitMB * MB);

  const edit = `/runtime/${demo.appId}/editItem/${demo.componentId}/${task!.id}/${demo.formId}`;
  await page.goto(edit);
  await expect(page.getByRole('heading', { name: task!.Title })).toBeVisible();
  await page.getByRole('tab', { name: 'Arquivos e histórico' }).click();
  const attachments = page.getByRole('region', { name: 'Anexos' });
  await expect(attachments).toContainText('Nenhum arquivo anexado.');
  const report = Buffer.from('%PDF-1.7\n' + 'relatório trimestral '.repeat(4000) + '\n%%EOF\n', 'utf8');
  await page
    .getByLabel('Anexar arquivos')
    .setInputFiles({ name: 'relatório.pdf', mimeType: 'application/pdf', buffer: report });
  await expect(attachments.getByRole('alert')).toContainText(
    `O plano contratado permite no máximo ${limitMB} MB de armazenamento; o arquivo não foi enviado.`,
  );
  await expect(attachments).toContainText('Nenhum arquivo anexado.');
  await page.screenshot({ path: testInfo.outputPath('plan-storage-refused.png'), fullPage: true });
  const refused = await plan(request);
  expect(refused.usage.fileBytes).toBe(before.usage.fileBytes);

  // Room again (the database and 100 MB more): the same file is attached and counted.
  await setStorageLimit(page, String((limitMB + 100) / 1024));
  await page.goto(edit);
  await page.getByRole('tab', { name: 'Arquivos e histórico' }).click();
  await page
    .getByLabel('Anexar arquivos')
    .setInputFiles({ name: 'relatório.pdf', mimeType: 'application/pdf', buffer: report });
  await expect(page.getByText('Arquivos anexados: 1.')).toBeVisible();
  await expect(attachments.getByRole('row').filter({ hasText: 'relatório.pdf' })).toBeVisible();
  await expect.poll(async () => (await plan(request)).usage.fileBytes).toBe(before.usage.fileBytes + report.length);

  await page.goto('/administration');
  // The plan page's storage line: what the database and the files hold, of the limit.
  await expect(page.getByRole('heading', { name: 'Essencial' })).toBeVisible();
  await expect(page.getByText(new RegExp(`^[\\d,]+ MB de ${limitMB + 100},0 MB$`))).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('plan-page.png'), fullPage: true });
});
