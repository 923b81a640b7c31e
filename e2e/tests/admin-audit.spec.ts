import { test, expect } from '../support/fixtures';
import { apiToken } from '../support/formsApi';
import { adminPassword } from '../support/server';

// The audit log's integrity check (docs/admin.md, Audit), in Chromium against the binary: the
// administrator presses "Verificar integridade" on /administration/log, the page shows the chain
// intact with the head hash the verify route answers, and the copy button puts that hash on the
// clipboard. The plan page (same administration) splits the storage used into the database and the
// files, and its editor says the three limits are enforced. Screenshots go to the output folder.

interface Verification {
  valid: boolean;
  entries: number;
  head: string;
}

test('the audit log page verifies the hash chain: intact, with the head hash shown and copied', async ({
  page,
  context,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize({ width: 1400, height: 900 });
  const headers = { Authorization: `Bearer ${await apiToken(request)}` };

  await page.goto('/?next=%2Fadministration%2Flog');
  await page.getByLabel('Login', { exact: true }).fill('admin');
  await page.getByLabel('Senha', { exact: true }).fill(adminPassword);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/administration\/log/);
  // The sign-ins above are in the log, so the chain has entries to verify.
  await expect(
    page.getByRole('table', { name: 'Log de auditoria' }).getByText('Entrada', { exact: true }).first(),
  ).toBeVisible({ timeout: 30_000 });

  await page.getByRole('button', { name: 'Verificar integridade' }).click();
  const result = page.getByRole('status').filter({ hasText: 'Log íntegro' });
  await expect(result).toBeVisible({ timeout: 30_000 });
  await expect(result).toContainText(/As [\d.]+ entradas do log formam uma cadeia de hashes íntegra/);

  // The hash shown is the verify route's head (nothing was written since: this page only reads).
  const res = await request.get('/api/admin/auditLog/verify', { headers });
  expect(res.ok()).toBeTruthy();
  const chain = (await res.json()) as Verification;
  expect(chain.valid).toBe(true);
  expect(chain.head).toMatch(/^[0-9a-f]{64}$/);
  await expect(result).toContainText(`As ${chain.entries.toLocaleString('pt-BR')} entradas`);
  await expect(result.locator('code')).toHaveText(chain.head.match(/.{8}/g)!.join(' '));

  await result.getByRole('button', { name: 'Copiar hash' }).click();
  await expect(page.getByText('Hash copiado', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(chain.head);
  // The tooltip of the copy button would cover the hint in the picture.
  await page.mouse.move(0, 0);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('audit-verify-valid.png') });

  // Closed, the result goes; the list stays.
  await result.getByRole('button', { name: 'Fechar' }).click();
  await expect(result).toHaveCount(0);
});

test('the plan page splits the storage used and its editor says all three limits are enforced', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  const headers = { Authorization: `Bearer ${await apiToken(request)}` };
  await page.goto('/?next=%2Fadministration');
  await page.getByLabel('Login', { exact: true }).fill('admin');
  await page.getByLabel('Senha', { exact: true }).fill(adminPassword);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/administration/);
  const plan = (await (await request.get('/api/admin/plan', { headers })).json()) as {
    usage: { databaseBytes: number; fileBytes: number };
  };
  expect(plan.usage.databaseBytes).toBeGreaterThan(0);
  // Both parts move as the server works (the database with every write), so the line's shape is checked.
  await expect(page.getByText(/^Banco de dados [\d.,]+ [KMGT]B · arquivos [\d.,]+ [KMGT]B$/)).toBeVisible({
    timeout: 30_000,
  });

  await page.getByRole('button', { name: 'Editar o plano' }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar o plano' });
  await expect(dialog).toContainText('Os três limites são aplicados');
  await expect(dialog).toContainText('planilha do Excel a importar');
  await page.screenshot({ path: testInfo.outputPath('plan-editor.png') });
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toHaveCount(0);
});
