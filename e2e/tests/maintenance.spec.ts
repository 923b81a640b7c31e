import { test, expect } from '../support/fixtures';

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
