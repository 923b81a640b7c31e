import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { adminPassword, startServer, type Server } from '../support/server';

// The portal (issue 4, screens): desktop, runtime shell, menu search, locale
// switch, in Chromium against bin/tramita. The server seeds the demo
// application "Gestão do Trabalho" for everyone (migration 00021).
//
// Not covered here: a message appearing live in the bell. No public call
// creates a message (messages.Service.Send is server-internal), so an e2e
// test needs an admin command or a test hook in e2e/support to create one.

async function signInAsAdmin(page: Page, base = '') {
  await page.goto(`${base}/?next=%2Fapp`);
  await page.getByLabel('Login', { exact: true }).fill('admin');
  await page.getByLabel('Senha', { exact: true }).fill(adminPassword);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

test('the desktop shows the demo application and opens its runtime', async ({ page }, testInfo) => {
  await signInAsAdmin(page);
  await expect(page).toHaveURL(/\/app$/);
  const tile = page.getByRole('button', { name: 'Gestão do Trabalho' });
  await expect(tile).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('desktop-light.png'), fullPage: true });
  await page.getByRole('button', { name: 'Modo escuro' }).click();
  await page.screenshot({ path: testInfo.outputPath('desktop-dark.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 800 });
  await page.screenshot({ path: testInfo.outputPath('desktop-mobile-dark.png'), fullPage: true });
  await tile.click();
  // Entering the runtime opens the first menu link (Agenda); its page does not exist yet.
  await expect(page).toHaveURL(/\/runtime\/\d+\/calendar\/Agenda$/);
});

test('the runtime shell renders the menu, runs the application script, and searches the menu', async ({ page }, testInfo) => {
  await signInAsAdmin(page);
  await page.getByRole('button', { name: 'Gestão do Trabalho' }).click();
  await expect(page).toHaveURL(/\/runtime\/\d+\/calendar\/Agenda$/);
  const sidebar = page.getByRole('complementary', { name: 'Menu do aplicativo' });
  await expect(sidebar.getByRole('link', { name: 'Agenda' })).toBeVisible();
  await expect(sidebar.getByText('versão 1.0.0')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-tramita-demo', '1');

  // Groups: one open at a time.
  await sidebar.getByRole('button', { name: 'Horas' }).click();
  await expect(sidebar.getByRole('link', { name: /Minhas horas/ })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Agenda' })).toBeHidden();
  await sidebar.getByRole('button', { name: 'Ajuda' }).click();
  await expect(sidebar.getByRole('link', { name: 'Documentação' })).toHaveAttribute('target', '_blank');
  await expect(sidebar.getByRole('link', { name: /Minhas horas/ })).toBeHidden();
  await page.screenshot({ path: testInfo.outputPath('runtime-light.png') });

  const search = page.getByRole('combobox', { name: 'Pesquisar no menu' });
  await search.fill('recur');
  await expect(page.getByRole('option')).toHaveCount(1);
  await search.press('Enter');
  await expect(page).toHaveURL(/\/runtime\/\d+\/resourcesList\//);

  await page.getByRole('button', { name: 'Modo escuro' }).click();
  await expect(page.getByRole('button', { name: 'Modo claro' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('runtime-dark.png') });
  await page.getByRole('button', { name: 'Modo claro' }).click();
});

test('the locale switch changes the shell and the menu', async ({ page }) => {
  await signInAsAdmin(page);
  await expect(page.getByRole('button', { name: 'Gestão do Trabalho' })).toBeVisible();
  await page.getByRole('button', { name: 'Mudar o idioma' }).click();
  await expect(page.getByRole('button', { name: 'Work Management' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Applications' })).toBeVisible();
  await page.getByRole('button', { name: 'Work Management' }).click();
  const sidebar = page.getByRole('complementary', { name: 'Application menu' });
  await expect(sidebar.getByText('version 1.0.0')).toBeVisible();
  await page.getByRole('button', { name: 'Change the language' }).click();
  await expect(page.getByRole('complementary', { name: 'Menu do aplicativo' }).getByRole('link', { name: 'Agenda' })).toBeVisible();
});

test('the message menu opens empty and the user menu edits the profile', async ({ page }) => {
  await signInAsAdmin(page);
  await page.getByRole('button', { name: /^Mensagens, 0/ }).click();
  await expect(page.getByText('Nenhuma mensagem')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /^Menu de / }).click();
  await page.getByRole('menuitem', { name: 'Editar o perfil' }).click();
  const dialog = page.getByRole('dialog', { name: 'Atualizar o Perfil' });
  await dialog.getByLabel('E-mail').fill('not-an-email');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog.getByText('Invalid email')).toBeVisible();
  await dialog.getByLabel('E-mail').fill('admin@example.test');
  await dialog.getByRole('button', { name: 'Avatar 3' }).click();
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('O Perfil foi atualizado com sucesso!')).toBeVisible();
  await page.reload();
  await page.getByRole('button', { name: /^Menu de / }).click();
  await expect(page.getByText('admin@example.test')).toBeVisible();
});

test.describe('top-navigation layout', () => {
  let server: Server | undefined;
  test.beforeAll(async () => {
    server = await startServer({ before: [['admin', 'setting', 'set', 'layout', '"top-navigation"']] });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('puts the menu in a bar under the header, groups as dropdowns', async ({ page }, testInfo) => {
    await signInAsAdmin(page, server!.url);
    await page.getByRole('button', { name: 'Gestão do Trabalho' }).click();
    await expect(page).toHaveURL(/\/runtime\/\d+\/calendar\/Agenda$/);
    await expect(page.getByRole('complementary', { name: 'Menu do aplicativo' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Horas' }).click();
    await expect(page.getByRole('menuitem', { name: 'Horas da equipe' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('runtime-top-navigation.png') });
    await page.getByRole('menuitem', { name: 'Horas da equipe' }).click();
    await expect(page).toHaveURL(/\/runtime\/\d+\/timesheetList\//);
  });
});
