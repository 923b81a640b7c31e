import { test as base, expect, type Page } from '@playwright/test';
import { adminPassword, startServer, type Server, type StartOptions } from './server';

export interface SignInOptions {
  login?: string;
  password?: string;
  /** Where the sign-in page goes after signing in, and where the page is left: '/app' unless told. */
  next?: string;
}

/**
 * Signs in through the sign-in page (as the admin unless told) and waits for the app to store the session.
 * The session reaches localStorage a moment after sign-in, encrypted with a key the browser keeps in
 * IndexedDB (so a Playwright storage state cannot carry it): a page.goto before that would start signed out.
 */
export async function signIn(
  page: Page,
  { login = 'admin', password = adminPassword, next = '/app' }: SignInOptions = {},
) {
  await page.goto(`/?next=${encodeURIComponent(next)}`);
  await page.getByLabel('Login', { exact: true }).fill(login);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(new RegExp(`${next.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`));
  await expect.poll(() => page.evaluate(() => window.localStorage.getItem('stored_data'))).not.toBeNull();
}

// Each worker gets its own server; a spec file that needs a differently
// prepared server sets `serverOptions` with test.use().
export const test = base.extend<{ adminPage: Page }, { server: Server; serverOptions: StartOptions }>({
  serverOptions: [{}, { scope: 'worker', option: true }],
  server: [
    async ({ serverOptions }, use) => {
      const server = await startServer(serverOptions);
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ server }, use) => use(server.url),
  /** The test's page, signed in as the admin and at /app: for tests that sign in only to get going. */
  adminPage: async ({ page }, use) => {
    await signIn(page);
    await use(page);
  },
});

export { expect };
