import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';

// The Signature Protocol's template on the administration settings page (docs/admin.md, "Settings"):
// the administrator writes it with the placeholders listed beside it, an unknown placeholder is
// refused with the server's message, the saved template comes back after a reload with its preview
// (example values), in pt-BR and in English; the public settings call never answers it.
// A server of its own: the template changes what every signature issues.

const TEMPLATE =
  'Eu, {signatario} ({login}), assinei eletronicamente o arquivo {arquivo} (versão {versao}) em {data}.\nSHA-256: {hash}\nCódigo de verificação: {codigo}';
const LABEL = 'Modelo do protocolo de assinatura';

// The option's value means nothing to the server: a worker of its own, so a server of its own.
test.use({ serverOptions: { env: { TRAMITA_E2E_SUITE: 'admin-signature-template' } } });

async function shot(page: Page, name: string) {
  const section = page
    .getByRole('region', { name: /Marcadores|Placeholders/ })
    .locator('xpath=ancestor::section[last()]');
  await section.screenshot({ path: test.info().outputPath(`${name}.png`) });
  await page.screenshot({ path: test.info().outputPath(`${name}-page.png`), fullPage: true });
}

test('the administrator sets the signature protocol template; after a reload it is kept, with its preview', async ({
  adminPage: page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/administration/settings');
  const field = page.getByRole('textbox', { name: LABEL });
  await expect(field).toHaveValue('');
  const preview = page.getByTestId('protocol-preview');
  await expect(preview).toContainText(
    'Não foi possível emitir o Protocolo de Assinatura pois o modelo de protocolo não foi configurado',
  );
  await shot(page, 'protocol-template-empty');

  // An unknown placeholder: said under the field while typing, and refused by the server if saved.
  await field.fill('Eu, {assinante}, assinei.');
  await page.getByRole('button', { name: 'Salvar configurações' }).click();
  const refusal =
    'O modelo do protocolo de assinatura usa marcadores desconhecidos: {assinante}. Use apenas os marcadores da lista.';
  await expect(page.getByText(refusal).first()).toBeVisible();

  await field.fill(TEMPLATE.replace(' ({login})', ''));
  // A placeholder inserted by a click, where the cursor is.
  await field.focus();
  await field.press('Control+Home');
  await field.press('End'); // end of the first line, after "{data}."
  await page.keyboard.type(' Login: ');
  await page.getByRole('button', { name: 'Inserir {login}' }).click();
  await expect(field).toHaveValue(TEMPLATE.replace(' ({login})', '').replace('{data}.', '{data}. Login: {login}'));
  await field.fill(TEMPLATE);
  await page.getByRole('button', { name: 'Salvar configurações' }).click();
  await expect(page.getByText('Configurações salvas', { exact: true })).toBeVisible();

  await page.reload();
  await expect(field).toHaveValue(TEMPLATE);
  await expect(preview).toContainText('Protocolo de Assinatura');
  await expect(preview).toContainText(
    'Eu, Maria da Silva (maria.silva), assinei eletronicamente o arquivo contrato.pdf (versão 2) em 23/11/2026 14:05:09 UTC.',
  );
  await expect(preview).toContainText('Código de verificação: 7KQ2-M9XD-4HPA');
  await shot(page, 'protocol-template-pt-BR');

  // Kept private: the public settings call leaves it out.
  const publicSettings = await (await page.request.get('/api/application/getPlatformSettings')).text();
  expect(publicSettings).not.toContain('signatario');

  await page.evaluate(() => localStorage.setItem('language', 'en'));
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Signature protocol template' })).toHaveValue(TEMPLATE);
  await expect(preview).toContainText('Signature Protocol');
  await expect(preview).toContainText('em 2026-11-23 14:05:09 UTC.');
  await expect(page.getByRole('region', { name: 'Placeholders (click to insert)' })).toContainText(
    '{hash}SHA-256 of the signed file',
  );
  await shot(page, 'protocol-template-en');
});
