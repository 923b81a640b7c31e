import { test, expect } from '../support/fixtures';
import { adminPassword } from '../support/server';

// A server whose data folder was switched to maintenance before it started.
test.use({ serverOptions: { before: [['admin', 'maintenance', 'on']] } });

for (const path of ['/', '/app', '/administration/users/Usuarios', '/no/such/page', '/maintenance']) {
  test(`maintenance shows its page on ${path}`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByText('EM MANUTENÇÃO', { exact: true })).toBeVisible();
    await expect(page.getByText('O sistema encontra-se em manutenção e voltará em instantes.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Entrar' })).toHaveCount(0);
  });
}

// Last in the file: it switches maintenance off on this worker's server.
test('an administrator signs in from the maintenance page and switches it off', async ({ page }, testInfo) => {
  await page.goto('/app');
  await page.getByRole('link', { name: 'Entrar como administrador' }).click();
  await page.getByLabel('Login', { exact: true }).fill('admin');
  await page.getByLabel('Senha', { exact: true }).fill(adminPassword);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/administration\/settings$/);
  const banner = page.getByRole('region', { name: 'Manutenção' });
  await expect(banner).toContainText('Modo de manutenção ligado');
  await expect(page.getByRole('heading', { name: 'Configurações' }).first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('maintenance-banner.png') });

  await banner.getByRole('button', { name: 'Desligar a manutenção' }).click();
  await expect(banner).toHaveCount(0);
  // Everybody gets the app back: a new visitor sees the sign-in page.
  const visitor = await page.context().browser()!.newPage();
  await visitor.goto(page.url().replace(/\/administration.*$/, '/'));
  await expect(visitor.getByRole('button', { name: 'Entrar' })).toBeVisible();
  await expect(visitor.getByText('EM MANUTENÇÃO', { exact: true })).toHaveCount(0);
  await visitor.close();
});
