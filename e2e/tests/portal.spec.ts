import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { sendMessage, tramitaLive } from '../support/database';
import { startPushService } from '../support/pushService';
import { adminPassword, repoRoot, startServer, type Server } from '../support/server';

// The portal (issue 4, screens): desktops, the runtime shell in every layout,
// light and dark, menu search, locale switch, live messages and web push,
// profile and password, in Chromium against bin/tramita. The worker's server
// loads the demo applications (migration 00021 and apps/demo) for everyone.
// Screenshots go to this test's output folder (test-results/).

async function signIn(page: Page, login = 'admin', password = adminPassword, base = '') {
  await page.goto(`${base}/?next=%2Fapp`);
  await page.getByLabel('Login', { exact: true }).fill(login);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

async function openUserMenu(page: Page) {
  await page.getByRole('button', { name: /^Menu de |'s menu$/ }).click();
}

async function chooseLayout(page: Page, layout: string) {
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Aparência' }).click();
  const panel = page.getByRole('dialog', { name: 'Aparência' });
  await panel.getByRole('radio', { name: layout, exact: true }).check();
  await panel.getByRole('button', { name: 'Fechar' }).click();
  await expect(panel).toBeHidden();
}

test('a panel administrator sees every application and the administration shortcut', async ({
  adminPage: page,
}, testInfo) => {
  await expect(page).toHaveURL(/\/app$/);
  for (const name of ['Gestão do Trabalho', 'Gestão de Projetos', 'Central de Serviços']) {
    await expect(page.getByRole('button', { name })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'Administração' })).toHaveAttribute(
    'href',
    /^\/administration\/Plano( |%20)Contratado$/,
  );
  await page.screenshot({ path: testInfo.outputPath('desktop-light.png'), fullPage: true });
  await page.getByRole('button', { name: 'Modo escuro' }).click();
  await page.mouse.move(300, 700); // no tooltip in the picture
  await page.screenshot({ path: testInfo.outputPath('desktop-dark.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 800 });
  await page.screenshot({ path: testInfo.outputPath('desktop-mobile-dark.png'), fullPage: true });
  await page.getByRole('button', { name: 'Modo claro' }).click();
  await page.getByRole('button', { name: 'Gestão do Trabalho' }).click();
  // Entering the runtime opens the first menu link (Agenda).
  await expect(page).toHaveURL(/\/runtime\/\d+\/calendar\/Agenda$/);
});

test('the runtime shell renders the menu, runs the application script, and searches the menu', async ({
  adminPage: page,
}) => {
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

  const search = page.getByRole('combobox', { name: 'Pesquisar no menu' });
  await search.fill('HORAS');
  await expect(page.getByRole('option')).toHaveCount(2);
  await search.fill('recur');
  await expect(page.getByRole('option')).toHaveCount(1);
  await search.press('Enter');
  await expect(page).toHaveURL(/\/runtime\/\d+\/resourcesList\//);
});

test('on a phone and on a narrow laptop the runtime bar keeps every button on the screen', async ({
  adminPage: page,
}, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Gestão do Trabalho' }).click();
  await expect(page).toHaveURL(/\/runtime\/\d+\/calendar\/Agenda$/);
  for (const name of ['Abrir ou fechar o menu', 'Administração', 'Modo escuro', 'Mudar o idioma']) {
    await expect(
      page
        .getByRole('banner')
        .getByRole('button', { name })
        .or(page.getByRole('banner').getByRole('link', { name }))
        .first(),
    ).toBeInViewport({ ratio: 1 });
  }
  await expect(page.getByRole('button', { name: /^Mensagens/ })).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('button', { name: /^Menu de / })).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: testInfo.outputPath('runtime-phone.png') });

  // 900 px with the sidebar open: the title gives way (cut with an ellipsis) before the buttons do.
  await page.setViewportSize({ width: 900, height: 768 });
  await expect(page.getByRole('complementary', { name: 'Menu do aplicativo' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Pesquisar no menu' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Menu de / })).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(900);
});

test('the shell renders in every layout, light and dark, and remembers the palette', async ({
  page,
  server,
}, testInfo) => {
  test.setTimeout(120_000);
  // The flex layout's footer and its logos (platform settings; only this layout shows them).
  for (const [key, value] of [
    ['showFooter', 'true'],
    ['footerLogoLeft', '"/favicon.svg"'],
    ['footerLogoRight', '"/favicon.svg"'],
  ]) {
    tramitaLive(server, ['admin', 'setting', 'set', key!, value!]);
  }
  await signIn(page);
  await page.getByRole('button', { name: 'Gestão do Trabalho' }).click();
  await expect(page).toHaveURL(/\/runtime\/\d+\/calendar\/Agenda$/);
  const sidebar = page.getByRole('complementary', { name: 'Menu do aplicativo' });
  const shots = async (name: string) => {
    await page.mouse.move(640, 700); // no tooltip in the picture
    await page.waitForTimeout(800); // the 700 ms fade
    // The flex layout's footer sits under the page's content: the whole page for it.
    const fullPage = name.startsWith('flex');
    await page.screenshot({ path: testInfo.outputPath(`layout-${name}-light.png`), fullPage });
    await page.getByRole('button', { name: 'Modo escuro' }).click();
    await page.mouse.move(640, 700);
    await page.waitForTimeout(300);
    await page.screenshot({ path: testInfo.outputPath(`layout-${name}-dark.png`), fullPage });
    await page.getByRole('button', { name: 'Modo claro' }).click();
  };

  await expect(page.locator('[data-layout="left-sidebar"]')).toBeVisible();
  expect((await sidebar.boundingBox())!.x).toBe(0);
  await shots('left-sidebar');

  await chooseLayout(page, 'Menu à direita');
  await expect(page.locator('[data-layout="right-sidebar"]')).toBeVisible();
  expect((await sidebar.boundingBox())!.x).toBeGreaterThan(600);
  await shots('right-sidebar');

  await chooseLayout(page, 'Barra de ícones com lista');
  await expect(sidebar.getByRole('link', { name: 'Agenda' })).toBeVisible();
  await sidebar.getByRole('button', { name: 'Horas' }).click();
  await expect(sidebar.getByRole('heading', { name: 'Horas' })).toBeVisible();
  await sidebar.getByRole('button', { name: 'Gestão' }).click();
  await expect(sidebar.getByRole('link', { name: 'Horas da equipe' })).toBeVisible();
  await shots('big-sidebar');
  // The menu toggle folds the list away; the icon rail stays.
  await page.getByRole('button', { name: 'Abrir ou fechar o menu' }).click();
  await expect(sidebar.getByRole('link', { name: 'Horas da equipe' })).toBeHidden();
  await expect(sidebar.getByRole('button', { name: 'Horas' })).toBeVisible();
  await page.getByRole('button', { name: 'Abrir ou fechar o menu' }).click();

  await chooseLayout(page, 'Menu no topo');
  await expect(sidebar).toHaveCount(0);
  await page.getByRole('button', { name: 'Horas' }).click();
  await expect(page.getByRole('menuitem', { name: 'Horas da equipe' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: /Minhas horas/ })).toContainText('Beta');
  await page.screenshot({ path: testInfo.outputPath('layout-top-navigation-open.png') });
  await page.getByRole('menuitem', { name: 'Horas da equipe' }).click();
  await expect(page).toHaveURL(/\/runtime\/\d+\/timesheetList\//);
  await shots('top-navigation');

  await chooseLayout(page, 'Mega menu');
  await page.getByRole('button', { name: 'Trabalho' }).click();
  await expect(page.getByRole('heading', { name: 'Dia a dia' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Documentos' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('layout-mega-menu-open.png') });
  await page.getByRole('link', { name: 'Recursos' }).click();
  await expect(page).toHaveURL(/\/runtime\/\d+\/resourcesList\//);
  await shots('mega-menu');

  await chooseLayout(page, 'Flex, com rodapé');
  await expect(page.getByRole('contentinfo')).toContainText('Tramita · versão 1.0.0');
  await expect(sidebar.getByRole('link', { name: 'Recursos' })).toBeVisible();
  await shots('flex');

  // A palette, kept across a reload (and the layout with it).
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Aparência' }).click();
  const appearance = page.getByRole('dialog', { name: 'Aparência' });
  await appearance.getByRole('button', { name: 'Floresta' }).click();
  await expect(appearance.getByRole('button', { name: 'Floresta' })).toHaveAttribute('aria-pressed', 'true');
  await page.screenshot({ path: testInfo.outputPath('appearance-panel.png') });
  await appearance.getByRole('button', { name: 'Fechar' }).click();
  await page.reload();
  await expect(page.locator('[data-layout="flex"]')).toBeVisible();
  // Forest's primary colour (#2d7a4a) tints the current menu entry.
  await expect(sidebar.getByRole('link', { name: 'Recursos' })).toHaveCSS('background-color', /^rgba\(45, 122, 74, /);
  await shots('flex-forest');
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Aparência' }).click();
  await expect(appearance.getByRole('button', { name: 'Floresta' })).toHaveAttribute('aria-pressed', 'true');
  await appearance.getByRole('button', { name: 'Tema da plataforma' }).click();
  await appearance.getByRole('radio', { name: /^Padrão da plataforma/ }).check();
  await appearance.getByRole('button', { name: 'Fechar' }).click();
  await expect(page.locator('[data-layout="left-sidebar"]')).toBeVisible();
});

test('the locale switch changes every visible text of the shell', async ({ adminPage: page }) => {
  await page.getByRole('button', { name: 'Gestão do Trabalho' }).click();
  await expect(page).toHaveURL(/\/runtime\/\d+\/calendar\/Agenda$/);
  await page.getByRole('button', { name: 'Mudar o idioma' }).click();
  const sidebar = page.getByRole('complementary', { name: 'Application menu' });
  await expect(sidebar.getByText('version 1.0.0')).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Calendar' })).toBeVisible();
  await expect(page.getByRole('banner').getByText('Work Management', { exact: true })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Search the menu' })).toBeVisible();
  await openUserMenu(page);
  await expect(page.getByRole('menuitem', { name: 'Appearance' })).toBeVisible();
  const menuText = await page.getByRole('menu').innerText();
  await page.keyboard.press('Escape');
  const visible = `${await page.locator('body').innerText()}\n${menuText}`;
  for (const portuguese of [
    'Gestão do Trabalho',
    'Trabalho',
    'Agenda',
    'versão',
    'Aplicativos',
    'Sair',
    'Aparência',
    'Editar o perfil',
    'Disponível',
    'A página não foi encontrada',
  ]) {
    expect(visible, `"${portuguese}" still shown in English`).not.toContain(portuguese);
  }
  await page.getByRole('link', { name: 'Apps' }).click();
  await expect(page.getByRole('list', { name: 'Applications' })).toBeVisible();
  await page.getByRole('button', { name: 'Change the language' }).click();
  await expect(page.getByRole('list', { name: 'Aplicativos' })).toBeVisible();
});

test('a message sent on the server reaches the bell live and the push service encrypted; it is read and deleted', async ({
  page,
  context,
  server,
}) => {
  const push = await startPushService();
  try {
    // Headless Chromium has no push service of its own (its PushManager talks to Google's FCM),
    // so the subscription comes from our stand-in; the rest is the page's own code:
    // registering /sw.js, asking the server's key, createDevice.
    await context.grantPermissions(['notifications'], { origin: server.url });
    await page.addInitScript((sub) => {
      const bytes = (text: string) =>
        Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)).buffer;
      const subscription = {
        endpoint: sub.endpoint,
        getKey: (name: string) => bytes(name === 'p256dh' ? sub.p256dh : sub.auth),
        toJSON: () => ({ endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }),
      };
      PushManager.prototype.subscribe = async function () {
        return subscription as unknown as PushSubscription;
      };
    }, push.subscription);
    const device = page.waitForResponse((r) => r.url().endsWith('/api/message/createDevice'));
    const vapid = page.waitForResponse((r) => r.url().endsWith('/api/message/getVapidPublicKey'));
    await signIn(page);
    expect((await vapid).status()).toBe(200);
    expect((await device).status()).toBe(204);
    await expect(page.getByRole('button', { name: /^Mensagens, 0/ })).toBeVisible();

    sendMessage(server, 'admin', 'Reunião às 15h', 'Sala 2, com a equipe de projetos.');

    // Live: the badge changes without a reload.
    await expect(page.getByRole('button', { name: 'Mensagens, 1 não lida' })).toBeVisible();
    // Pushed: the stand-in decrypts RFC 8291 aes128gcm with the subscription's keys.
    await expect.poll(() => push.received.length, { timeout: 15_000 }).toBe(1);
    const received = push.received[0]!;
    expect(received.headers.authorization).toMatch(/^vapid t=.+, k=.+/);
    expect(JSON.parse(received.payload)).toMatchObject({
      title: 'Reunião às 15h',
      body: 'Sala 2, com a equipe de projetos.',
      url: '/app',
    });

    // The service worker shows what the push carried. It must be active first: a push delivered
    // to a worker still installing is dropped, so the delivery is repeated until the notification
    // shows (the notification's tag makes a repeat replace it, never add a second one).
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const cdp = await context.newCDPSession(page);
    const registered = new Promise<string>((ok) =>
      cdp.on(
        'ServiceWorker.workerRegistrationUpdated',
        ({ registrations }) => registrations[0] && ok(registrations[0].registrationId),
      ),
    );
    await cdp.send('ServiceWorker.enable');
    const registrationId = await registered;
    const shown = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => `${n.title}: ${n.body}`),
      );
    await expect
      .poll(
        async () => {
          const now = await shown();
          if (now.length === 0)
            await cdp.send('ServiceWorker.deliverPushMessage', {
              origin: server.url,
              registrationId,
              data: received.payload,
            });
          return now;
        },
        { timeout: 20_000 },
      )
      .toEqual(['Reunião às 15h: Sala 2, com a equipe de projetos.']);

    await page.getByRole('button', { name: 'Mensagens, 1 não lida' }).click();
    await page.getByRole('button', { name: /Reunião às 15h/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Reunião às 15h' });
    await expect(dialog.getByText('Sala 2, com a equipe de projetos.')).toBeVisible();
    await dialog.getByRole('button', { name: 'OK' }).click();
    // Read: nothing left to mark (the menu stays open).
    await expect(page.getByRole('button', { name: 'Marcar todas como lidas' })).toBeDisabled();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Mensagens, 0 não lidas' })).toBeVisible();

    await page.getByRole('button', { name: 'Mensagens, 0 não lidas' }).click();
    await page.getByRole('button', { name: 'Apagar', exact: true }).click();
    await page.getByRole('dialog', { name: 'Confirmar' }).getByRole('button', { name: 'Sim' }).click();
    await expect(page.getByText('Nenhuma mensagem')).toBeVisible();
    await page.reload();
    await page.getByRole('button', { name: /^Mensagens, 0/ }).click();
    await expect(page.getByText('Nenhuma mensagem')).toBeVisible();
  } finally {
    await push.close();
  }
});

test('the user menu edits the profile, which persists', async ({ adminPage: page }) => {
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Editar o perfil' }).click();
  const dialog = page.getByRole('dialog', { name: 'Atualizar o Perfil' });
  await dialog.getByLabel('E-mail').fill('not-an-email');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog.getByText('Invalid email')).toBeVisible();
  await dialog.getByLabel('E-mail').fill('admin@example.test');
  await dialog.getByRole('button', { name: 'Avatar 3' }).click();
  // A new e-mail asks for the current password.
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  const current = dialog.getByLabel('Senha atual');
  await expect(current).toHaveAccessibleDescription('Obrigatório');
  await current.fill('not-the-password');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(current).toHaveAccessibleDescription('A senha atual não confere.');
  await current.fill(adminPassword);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('O Perfil foi atualizado com sucesso!')).toBeVisible();
  await page.reload();
  await openUserMenu(page);
  await expect(page.getByText('admin@example.test')).toBeVisible();
});

// A platform with only the demo application, the top-navigation layout from
// the platform settings, a plain user and an application given to nobody.
test.describe('a plain user', () => {
  let server: Server | undefined;
  const joana = { login: 'joana', name: 'Joana Lima', password: 'Girassol-Azul-42', next: 'Margarida-Verde-73' };
  test.beforeAll(async () => {
    server = await startServer({
      env: { TRAMITA_DEMO: 'false' },
      before: [['admin', 'setting', 'set', 'layout', '"top-navigation"']],
    });
    // After the first start, which creates the administrator only when nobody exists yet.
    tramitaLive(server, [
      'admin',
      'user',
      'add',
      joana.login,
      '--name',
      joana.name,
      '--email',
      'joana@example.test',
      '--password',
      joana.password,
    ]);
    tramitaLive(server, ['apps', 'import', join(repoRoot, 'e2e', 'support', 'restricted-app.yaml')]);
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('lands in her only application, which the administrator sees beside one given to nobody', async ({
    page,
  }, testInfo) => {
    await signIn(page, joana.login, joana.password, server!.url);
    await expect(page).toHaveURL(/\/runtime\/\d+\/calendar\/Agenda$/);
    await expect(page.getByRole('button', { name: 'Menu de Joana Lima' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Administração' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Aplicativos' })).toHaveCount(0);
    // The platform's layout: top navigation, groups as dropdowns.
    await expect(page.getByRole('complementary', { name: 'Menu do aplicativo' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Horas' }).click();
    await expect(page.getByRole('menuitem', { name: 'Horas da equipe' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('plain-user-top-navigation.png') });
    await page.keyboard.press('Escape');

    await page.context().clearCookies();
    await page.evaluate(() => window.localStorage.clear());
    await signIn(page, 'admin', adminPassword, server!.url);
    await expect(page).toHaveURL(/\/app$/);
    await expect(page.getByRole('button', { name: 'Gestão do Trabalho' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Financeiro Restrito' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Administração' })).toBeVisible();
    await page.waitForTimeout(800); // the 700 ms fade
    await page.screenshot({ path: testInfo.outputPath('panel-admin-desktop.png') });
  });

  test('changes her password and name from the user menu; both persist', async ({ page }) => {
    await signIn(page, joana.login, joana.password, server!.url);
    await expect(page).toHaveURL(/\/runtime\/\d+\/calendar\/Agenda$/);
    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'Editar o perfil' }).click();
    const profile = page.getByRole('dialog', { name: 'Atualizar o Perfil' });
    await profile.getByLabel('Nome').fill('Joana Lima Souza');
    await profile.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('O Perfil foi atualizado com sucesso!')).toBeVisible();

    await page.getByRole('button', { name: 'Menu de Joana Lima Souza' }).click();
    await page.getByRole('menuitem', { name: 'Alterar a Senha' }).click();
    const dialog = page.getByRole('dialog', { name: 'Alterar a Senha' });
    await dialog.getByLabel('Senha atual').fill(joana.password);
    await dialog.getByLabel('Nova senha', { exact: true }).fill(joana.next);
    await dialog.getByLabel('Confirme a nova senha').fill(joana.next);
    await dialog.getByRole('button', { name: 'Alterar' }).click();
    await expect(page.getByText('Senha alterada com sucesso')).toBeVisible();

    await page.getByRole('button', { name: 'Menu de Joana Lima Souza' }).click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await expect(page).toHaveURL(/\/(\?.*)?$/);
    await signIn(page, joana.login, joana.password, server!.url);
    await expect(page.getByText(/inválid|incorret/i).first()).toBeVisible();
    await signIn(page, joana.login, joana.next, server!.url);
    await expect(page).toHaveURL(/\/runtime\/\d+\/calendar\/Agenda$/);
    await expect(page.getByRole('button', { name: 'Menu de Joana Lima Souza' })).toBeVisible();
  });
});
