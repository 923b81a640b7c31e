import { test, expect } from '../support/fixtures';

test.describe('login page', () => {
  test('renders in Portuguese by default', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
    await expect(page.getByLabel('Login', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Senha', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Esqueceu a senha?' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'PT', exact: true })).toBeDisabled();
    await expect(page).toHaveTitle(/Tramita/);
  });

  test('switches to English and keeps it after a reload', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'EN', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'EN', exact: true })).toBeDisabled();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  });

  test('asks for the required fields', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByText('Obrigatório')).toHaveCount(2);
  });
});

test('unknown paths show the not-found page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('A página não foi encontrada')).toBeVisible();
  await expect(page.getByText('404')).toBeVisible();
});

test('the API answers health and refuses unknown calls with a Message', async ({ request }) => {
  const health = await request.get('/api/health');
  expect(health.status()).toBe(200);
  const missing = await request.get('/api/no/such/call', { headers: { 'Accept-Language': 'en' } });
  expect(missing.status()).toBe(404);
  expect((await missing.json()).Message).toMatch(/^The page was not found##DETAILEDERROR##request [0-9a-f]{16}$/);
});
