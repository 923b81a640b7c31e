import { spawnSync } from 'node:child_process';
import type { Page, Response } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { startMailSink, type MailSink } from '../support/mail';
import { totp } from '../support/totp';
import { adminPassword, binary, startServer, type Server, type StartOptions } from '../support/server';

// Sign-in, sessions and MFA end to end (issue 3), in Chromium against bin/tramita.

const USER = { login: 'maria', name: 'Maria Souza', email: 'maria@example.test', password: 'Girassol-Azul-42' };

/**
 * Preparing a server (platform settings, users, the mail server) uses admin
 * commands run on its data folder before it starts.
 */
const setting = (key: string, value: string) => ['admin', 'setting', 'set', key, value];
const addUser = (u: typeof USER, ...flags: string[]) => [
  'admin',
  'user',
  'add',
  u.login,
  '--name',
  u.name,
  '--email',
  u.email,
  '--password',
  u.password,
  ...flags,
];

// ---- helpers ---------------------------------------------------------------

/**
 * A server prepared for one group of tests (the worker's default server has
 * default settings). Pages of the group go to `url(path)`.
 */
function preparedServer(options: () => StartOptions) {
  let server: Server | undefined;
  test.beforeAll(async () => {
    server = await startServer(options());
  });
  test.afterAll(async () => {
    await server?.stop();
  });
  return { url: (path: string) => `${server!.url}${path}` };
}

async function signIn(page: Page, login: string, password: string) {
  await page.getByLabel('Login', { exact: true }).fill(login);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

/** Signs out from the user menu of the portal's header bar. */
async function signOut(page: Page) {
  await page.getByRole('button', { name: /^Menu de / }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
}

/**
 * A signed-in user sees the portal with their user menu. A plain user whose
 * only application is the demo lands straight in it (spec: App launcher), so
 * the desktop greeting is not the sign of a sign-in; the user menu is.
 */
async function expectSignedIn(page: Page, name: string) {
  await expect(page.getByRole('button', { name: `Menu de ${name}` })).toBeVisible();
}

/** The token of a sign-in, read from the authenticate answer (the stored copy is encrypted). */
async function tokenOf(response: Response): Promise<string> {
  const result = JSON.parse(Buffer.from(await response.text(), 'base64').toString('utf8')) as { token: string };
  return result.token;
}

test.describe('TOTP helper', () => {
  test('matches the RFC 6238 test vector (SHA1, 59 s)', () => {
    // Secret "12345678901234567890" in base32; the RFC's 8-digit 94287082 ends in 287082.
    expect(totp('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ', 59_000)).toBe('287082');
  });
});

// ---- the administrator on a default server -------------------------------------

test.describe('sign-in', () => {
  test('signs in and out; the stored session is encrypted', async ({ page }) => {
    await page.goto('/');
    await signIn(page, 'admin', adminPassword);
    await expect(page).toHaveURL(/\/app$/);
    await expect(page.getByRole('heading', { name: 'Olá, Administrador' })).toBeVisible();

    const stored = await page.evaluate(() => localStorage.getItem('stored_data'));
    expect(stored).toMatch(/^\{"v":1,"iv":"[^"]+","data":"[^"]+"\}$/);
    expect(stored).not.toContain('Administrador');

    await page.reload(); // the encrypted session opens the app again
    await expect(page.getByRole('heading', { name: 'Olá, Administrador' })).toBeVisible();
    await page.goto('/'); // a live stored session skips the login page
    await expect(page).toHaveURL(/\/app$/);

    await signOut(page);
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('stored_data'))).toBeNull();
    await page.goto('/app');
    await expect(page).toHaveURL(/\/\?next=%2Fapp$/);
  });

  test('the session is stored before the app opens, so a reload right after signing in keeps it', async ({ page }) => {
    await page.goto('/');
    await signIn(page, 'admin', adminPassword);
    await page.waitForURL(/\/app$/);
    // Read at once: the app must not reach /app with the sealed session still being written.
    expect(await page.evaluate(() => localStorage.getItem('stored_data'))).not.toBeNull();
    await page.goto('/runtime/1/repositoryView/Vis%C3%A3o');
    await expect(page.getByText('Esta tela ainda não está disponível nesta versão do Tramita.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Menu de Administrador' })).toBeVisible();
  });

  test('a wrong password shows the error and stays on the login page', async ({ page }) => {
    await page.goto('/');
    await signIn(page, 'admin', 'not-the-password');
    await expect(page.getByText('Login ou senha inválidos.')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => localStorage.getItem('stored_data'))).toBeNull();
  });

  test('the guard sends a visitor to the login page with next, and sign-in returns there', async ({ page }) => {
    await page.goto('/app?tab=2');
    await expect(page).toHaveURL(/\/\?next=%2Fapp%3Ftab%3D2$/);
    await signIn(page, 'admin', adminPassword);
    await expect(page).toHaveURL(/\/app\?tab=2$/);
    await expect(page.getByRole('heading', { name: 'Olá, Administrador' })).toBeVisible();
  });

  test('a 401 from the server ends the session and sends the user to the login page', async ({ page, request }) => {
    await page.goto('/');
    const answer = page.waitForResponse('**/api/users/authenticate');
    await signIn(page, 'admin', adminPassword);
    const token = await tokenOf(await answer);
    await expect(page.getByRole('heading', { name: 'Olá, Administrador' })).toBeVisible();

    // The session ends on the server (as after a logout elsewhere or an administrator's action).
    const logout = await request.post('/api/users/logout', { headers: { Authorization: `Bearer ${token}` } });
    expect(logout.status()).toBe(204);

    await page.getByRole('button', { name: /^Menu de / }).click();
    await page.getByRole('menuitem', { name: 'Alterar a Senha' }).click();
    const dialog = page.getByRole('dialog', { name: 'Alterar a Senha' });
    await dialog.getByLabel('Senha atual', { exact: true }).fill(adminPassword);
    await dialog.getByLabel('Nova senha', { exact: true }).fill('Outra-Senha-Boa-7');
    await dialog.getByLabel('Confirme a nova senha', { exact: true }).fill('Outra-Senha-Boa-7');
    const refused = page.waitForResponse('**/api/users/changePassword');
    await dialog.getByRole('button', { name: 'Alterar', exact: true }).click();
    expect((await refused).status()).toBe(401);

    await expect(page).toHaveURL(/\/\?next=%2Fapp$/);
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('stored_data'))).toBeNull();
  });
});

// ---- second factor ---------------------------------------------------------------

test.describe('MFA', () => {
  test.describe.configure({ mode: 'serial' });
  const server = preparedServer(() => ({ before: [setting('enableMFA', 'true'), addUser(USER)] }));
  let secret = '';

  test('enrols with a code computed from the secret shown, then lands on next', async ({ page }) => {
    await page.goto(server.url('/?next=%2Fapp%3Ffrom%3Dmfa'));
    await signIn(page, USER.login, USER.password);
    await expect(page).toHaveURL(/\/enableMFA\?next=%2Fapp%3Ffrom%3Dmfa$/);
    await expect(page.getByRole('heading', { name: 'Ative a autenticação em duas etapas' })).toBeVisible();
    const qr = page.getByRole('img', { name: 'QR code para configurar o aplicativo autenticador' });
    await expect(qr).toBeVisible();
    expect(
      await qr.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight, img.width, img.height]),
    ).toEqual([250, 250, 250, 250]);
    secret = (await page.getByTestId('mfa-secret').innerText()).replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);

    await page.getByLabel('Código de 6 dígitos').fill(totp(secret));
    await page.getByRole('button', { name: 'Enviar o código' }).click();
    // next is honoured: /app, which sends a user whose only application is the demo into it, keeping the query.
    await expect(page).toHaveURL(/\/(app|runtime\/[^?]+)\?from=mfa$/);
    await expectSignedIn(page, 'Maria Souza');
  });

  test('validates the next sign-in; a wrong code is refused and cancel signs out', async ({ page }) => {
    expect(secret).not.toBe('');
    await page.goto(server.url('/'));
    await signIn(page, USER.login, USER.password);
    await expect(page).toHaveURL(/\/validateMFA\?next=%2Fapp$/);
    await expect(page.getByRole('heading', { name: 'Autenticação em duas etapas' })).toBeVisible();
    await expect(page.getByLabel('Código de 6 dígitos')).toBeFocused();

    // The guard refuses a session that still owes the second factor.
    await page.goto(server.url('/app'));
    await expect(page).toHaveURL(/\/\?next=%2Fapp$/);
    await signIn(page, USER.login, USER.password);
    await expect(page).toHaveURL(/\/validateMFA/);

    const wrong = totp(secret) === '000000' ? '111111' : '000000';
    await page.getByLabel('Código de 6 dígitos').fill(wrong);
    await page.getByRole('button', { name: 'Enviar o código' }).click();
    await expect(page.getByText('Código inválido.')).toBeVisible();
    await expect(page).toHaveURL(/\/validateMFA/);

    // The enrolment used the current step; a code is accepted once, so use the next step's (±1 window).
    await page.getByLabel('Código de 6 dígitos').fill(totp(secret, Date.now() + 30_000));
    await page.getByRole('button', { name: 'Enviar o código' }).click();
    await expect(page).toHaveURL(/\/(app|runtime\/[^?]+)$/);
    await expectSignedIn(page, 'Maria Souza');
  });

  test('cancel on the validation screen signs out and returns to the login page with next', async ({ page }) => {
    await page.goto(server.url('/?next=%2Fapp%3Fx%3D1'));
    await signIn(page, USER.login, USER.password);
    await expect(page).toHaveURL(/\/validateMFA/);
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await expect(page).toHaveURL(/\/\?next=%2Fapp%3Fx%3D1$/);
    expect(await page.evaluate(() => localStorage.getItem('stored_data'))).toBeNull();
  });
});

// ---- terms of use ----------------------------------------------------------------

test.describe('terms of use', () => {
  test.describe.configure({ mode: 'serial' });
  const server = preparedServer(() => ({ before: [setting('requireTermsOfUse', 'true')] }));

  test('declining fails the sign-in with the mandatory-acceptance message', async ({ page }) => {
    // On a phone: the page is drawn at the dialog's width, not cut at the screen's edge.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(server.url('/'));
    await signIn(page, 'admin', adminPassword);
    const dialog = page.getByRole('dialog', { name: 'Termo de uso' });
    // pdf.js renders the terms in a worker: slow on a busy 2-core machine.
    await expect(dialog.locator('canvas').first()).toBeVisible({ timeout: 30_000 }); // the PDF, drawn by pdf.js
    await expect(dialog.locator('canvas').first()).toBeInViewport({ ratio: 1 });
    await dialog.getByRole('button', { name: 'Recusar' }).click();
    await expect(page.getByText('Para conseguir acessar é obrigatório aceitar o termo de uso')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => localStorage.getItem('stored_data'))).toBeNull();
  });

  test('accepting (box ticked) records it and signs in; the next sign-in does not ask again', async ({ page }) => {
    await page.goto(server.url('/'));
    await signIn(page, 'admin', adminPassword);
    const dialog = page.getByRole('dialog', { name: 'Termo de uso' });
    // pdf.js renders the terms in a worker: slow on a busy 2-core machine.
    await expect(dialog.locator('canvas').first()).toBeVisible({ timeout: 30_000 });
    const download = dialog.getByRole('link', { name: /Baixar PDF/ });
    await expect(download).toHaveAttribute('download', 'termo-de-uso.pdf');
    const accept = dialog.getByRole('button', { name: 'Continuar' });
    await expect(accept).toBeDisabled();
    await dialog.getByRole('checkbox', { name: 'Li e concordo com o termo de uso' }).check();
    const recorded = page.waitForResponse('**/api/users/acceptTermsOfUse');
    await accept.click();
    expect((await recorded).status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Olá, Administrador' })).toBeVisible();

    await signOut(page);
    await signIn(page, 'admin', adminPassword);
    await expect(page.getByRole('heading', { name: 'Olá, Administrador' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

// ---- expired password and reset by e-mail -------------------------------------------

test.describe('passwords', () => {
  let mail: MailSink;
  test.beforeAll(async () => {
    mail = await startMailSink();
  });
  test.afterAll(async () => {
    await mail?.close();
  });
  const server = preparedServer(() => ({
    before: [
      addUser({ ...USER, login: 'joana', name: 'Joana Lima', email: 'joana@example.test' }, '--must-change-password'),
      addUser({ ...USER, login: 'paulo', name: 'Paulo Reis', email: 'paulo@example.test' }),
      [
        'admin',
        'mail-server',
        'set',
        '--host',
        mail.host,
        '--port',
        String(mail.port),
        '--tls',
        'none',
        '--from',
        'tramita@example.test',
      ],
    ],
  }));

  async function changeInDialog(page: Page, newPassword: string, confirm = newPassword) {
    await page.getByRole('dialog', { name: 'Senha expirada' }).getByRole('button', { name: 'Alterar senha' }).click();
    const dialog = page.getByRole('dialog', { name: 'Alterar a Senha' });
    await dialog.getByLabel('Nova senha', { exact: true }).fill(newPassword);
    await dialog.getByLabel('Confirme a nova senha', { exact: true }).fill(confirm);
    await dialog.getByRole('button', { name: 'Alterar', exact: true }).click();
    return dialog;
  }

  test('an expired password is changed in the dialog, then the user is signed in', async ({ page }) => {
    await page.goto(server.url('/'));
    await signIn(page, 'joana', USER.password);
    const dialog = await changeInDialog(page, 'Outra-Senha-Boa-7', 'diferente');
    await expect(dialog.getByText('As senhas não são iguais')).toBeVisible();
    await dialog.getByLabel('Confirme a nova senha', { exact: true }).fill('Outra-Senha-Boa-7');
    const changed = page.waitForResponse('**/api/users/changeExpiredPassword');
    await dialog.getByRole('button', { name: 'Alterar', exact: true }).click();
    expect((await changed).status()).toBe(200);
    // The toast is shown while the sign-in goes on and the desktop loads; on a busy
    // machine it can already be collapsing (hidden) when looked at, so its text
    // being there is what is checked, then the signed-in desktop.
    await expect(page.getByText('Senha alterada com sucesso').first()).toBeAttached();
    await expectSignedIn(page, 'Joana Lima');
  });

  test('reset by e-mail: the mailed link sets a new password once, then the user signs in', async ({ page }) => {
    await page.goto(server.url('/'));
    await page.getByRole('link', { name: 'Esqueceu a senha?' }).click();
    await expect(page).toHaveURL(/\/reset-password$/);
    // The address changes before the lazily loaded page replaces the login page (whose field is also
    // 'Login'): type only once the reset page is there.
    await expect(page.getByRole('heading', { name: 'Esqueceu a senha?' })).toBeVisible();
    await page.getByLabel('Login', { exact: true }).fill('paulo');
    await page.getByRole('button', { name: 'Enviar link' }).click();
    await expect(page.getByText(/^Solicitação enviada\. .+/)).toBeVisible();
    await expect(page).toHaveURL(/\/$/, { timeout: 6000 }); // back to the login page after 3 s

    // The job queue sends the mail; it carries a link, no password.
    const message = await mail.waitFor('paulo@example.test');
    const link = /^(http:\/\/127\.0\.0\.1:\d+\/reset-password\?token=[\w-]+)$/m.exec(message.text)?.[1];
    expect(link, message.text).toBeTruthy();
    expect(message.text).not.toMatch(/Senha temporária|Temporary password/);

    await page.goto(link!);
    await expect(page.getByRole('heading', { name: 'Criar uma nova senha' })).toBeVisible();
    await page.getByLabel('Nova senha', { exact: true }).fill('senha@123');
    await page.getByLabel('Confirme a nova senha', { exact: true }).fill('senha@123');
    await page.getByRole('button', { name: 'Salvar a nova senha' }).click();
    await expect(page.getByText('Esta senha é muito comum. Escolha outra.')).toBeVisible();
    await page.getByLabel('Nova senha', { exact: true }).fill('Nova-Senha-Do-Paulo-3');
    await page.getByLabel('Confirme a nova senha', { exact: true }).fill('Nova-Senha-Do-Paulo-3');
    await page.getByRole('button', { name: 'Salvar a nova senha' }).click();
    await expect(page.getByText('Senha alterada com sucesso').first()).toBeAttached();
    await expect(page).toHaveURL(/\/$/);

    await signIn(page, 'paulo', 'Nova-Senha-Do-Paulo-3');
    await expectSignedIn(page, 'Paulo Reis');

    // The link was good once.
    await signOut(page);
    await page.goto(link!);
    await page.getByLabel('Nova senha', { exact: true }).fill('Outra-Senha-Do-Paulo-4');
    await page.getByLabel('Confirme a nova senha', { exact: true }).fill('Outra-Senha-Do-Paulo-4');
    await page.getByRole('button', { name: 'Salvar a nova senha' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'já foi usado' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Pedir um novo link' })).toBeVisible();
  });
});
