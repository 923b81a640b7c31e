import type { Browser, Page } from '@playwright/test';
import { test, expect, signIn } from '../support/fixtures';
import { dateInput, expectDate, typeDate } from '../support/dates';
import { demoTaskForm, type DemoTaskForm } from '../support/formsApi';
import { startZipProvider, zipLookupURL } from '../support/zipProvider';

// Item forms (issue 7, web): the demo task form of 'Gestão de Projetos' (apps/demo/project-management.yaml)
// rendered from getForm's tree. Create an item, edit it, read the history's diff, have a second
// browser's stale save refused with the server's Message, and see a bad number refused on its field.
// Screenshots in pt-BR and en go to this test's output folder.

const ONE_PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

// The address control asks the server, which asks this stand-in provider (no internet).
const zipPort = 40000 + (process.pid % 20000);
test.use({ serverOptions: { env: { TRAMITA_ZIP_LOOKUP_URL: zipLookupURL(zipPort) } } });
test.beforeAll(async () => {
  const provider = await startZipProvider(zipPort, {
    '01310100': { logradouro: 'Avenida Paulista', bairro: 'Bela Vista', localidade: 'São Paulo', uf: 'SP' },
  });
  provider.unref();
});

async function choose(page: Page, field: string, option: string) {
  await page.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function secondBrowser(browser: Browser, baseURL: string | undefined, path: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'pt-BR' });
  const page = await context.newPage();
  await signIn(page, { next: path });
  return page;
}

test('the demo task form creates, edits, shows the history diff and refuses a stale save', async ({
  adminPage: page,
  browser,
  baseURL,
  request,
}, testInfo) => {
  // Long: two browsers, three tabs, two languages; under a loaded CI it passes 90 s.
  test.setTimeout(180_000);
  const demo: DemoTaskForm = await demoTaskForm(request);
  const base = `/runtime/${demo.appId}`;
  await page.setViewportSize({ width: 1400, height: 1000 });

  // A new task: the form of the demo package, every tab.
  await page.goto(`${base}/insertItem/${demo.componentId}/${demo.projectId}/${demo.formId}`);
  await expect(page.getByRole('heading', { name: 'Novo item: Tarefa' })).toBeVisible();
  await expect(page.getByText(`Projeto: ${demo.projectName}`)).toBeVisible();
  await page.getByRole('textbox', { name: 'Título' }).fill('Revisar o contrato de suporte');
  await choose(page, 'Prioridade', 'Alta');
  await page.getByRole('radio', { name: 'Tecnologia' }).check();
  await choose(page, 'Subárea', 'Infraestrutura'); // offered because Área is Tecnologia
  await page.getByRole('textbox', { name: 'Descrição' }).fill('Levantar as cláusulas de SLA.');
  await page.getByRole('combobox', { name: 'Revisor' }).click(); // loadUsers
  await page.getByRole('option', { name: /^Administrador/ }).click();

  await page.getByRole('tab', { name: 'Planejamento' }).click();
  const due = dateInput(page, 'Prazo');
  await typeDate(page, due, '15032026');
  await expectDate(due, '15/03/2026');
  // The calendar opens on the typed day; picking a day puts it back in the field.
  await page.getByRole('button', { name: 'Escolher a data de Prazo' }).click();
  const calendar = page.getByRole('dialog');
  await expect(calendar.getByRole('gridcell', { name: '15', selected: true })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('form-date-picker-pt-BR.png') });
  await calendar.getByRole('gridcell', { name: '16' }).click();
  await expectDate(due, '16/03/2026');
  await typeDate(page, due, '15032026');
  await expectDate(due, '15/03/2026');
  const cost = page.getByRole('textbox', { name: 'Custo' });
  await cost.fill('1234,5');
  await cost.blur();
  await expect(cost).toHaveValue('1.234,50');
  // A bad number: out of the control's range, refused on its field before anything is sent.
  const progress = page.getByRole('textbox', { name: 'Progresso', exact: true });
  await progress.fill('150');
  await progress.blur();
  await expect(page.getByText('o valor deve estar entre 0 e 100')).toBeVisible();
  await page.getByRole('tab', { name: 'Geral' }).click();
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(page.getByText('Verifique os campos: Progresso.')).toBeVisible();
  await expect(page.getByRole('tab', { name: /Planejamento/, selected: true })).toBeVisible();
  await progress.fill('35');
  await progress.blur();
  await expect(progress).toHaveValue('35,00');
  await page.getByRole('checkbox', { name: 'Marco' }).check();
  await expect(page.getByText('Marcos aparecem no cronograma do projeto.')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('form-new-planning-pt-BR.png'), fullPage: true });

  await page.getByRole('tab', { name: 'Local e contato' }).click();
  await page.getByRole('textbox', { name: 'Código' }).fill('sup1234');
  await expect(page.getByRole('textbox', { name: 'Código' })).toHaveValue('sup-1234');
  const phone = page.getByRole('textbox', { name: 'Telefone do contato' });
  await phone.fill('1134567890');
  await phone.blur();
  await expect(phone).toHaveValue('(11) 3456-7890');
  // An image is kept with the item as a data URL (the server checks the content and 1 MB).
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: Buffer.from(ONE_PIXEL_PNG, 'base64') });
  await expect(page.getByRole('img', { name: 'Foto' })).toBeVisible();
  const zip = page.getByRole('textbox', { name: 'CEP' });
  await zip.fill('01310100');
  await expect(zip).toHaveValue('01310-100');
  await zip.press('Enter');
  await expect(page.getByText('Endereço preenchido pelo CEP')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Logradouro' })).toHaveValue('Avenida Paulista');
  await expect(page.getByRole('textbox', { name: 'Cidade' })).toHaveValue('São Paulo');
  await expect(page.getByRole('textbox', { name: 'UF' })).toHaveValue('SP');
  await page.screenshot({ path: testInfo.outputPath('form-new-place-pt-BR.png'), fullPage: true });

  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(page.getByText('Item Salvo com Sucesso')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${base}/editItem/${demo.componentId}/\\d+/${demo.formId}$`));
  const editPath = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { name: 'Revisar o contrato de suporte' })).toBeVisible();
  await expect(page.getByText('Versão 1', { exact: true })).toBeVisible();

  // Edit: a new title and progress.
  await page.getByRole('textbox', { name: 'Título' }).fill('Revisar o contrato de suporte 2026');
  await page.getByRole('tab', { name: 'Planejamento' }).click();
  await progress.fill('60');
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(page.getByText('Versão 2', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Revisar o contrato de suporte 2026' })).toBeVisible();

  // The history: version 2 opened, with the fields it changed as a person reads them.
  await page.getByRole('tab', { name: 'Arquivos e histórico' }).click();
  await expect(page.getByRole('region', { name: 'Anexos' })).toContainText('Nenhum arquivo anexado.'); // files: forms-relations.spec.ts
  const changes = page.getByRole('table', { name: 'Alterações da versão 2' });
  await expect(
    changes.getByRole('row', { name: /Título Revisar o contrato de suporte Revisar o contrato de suporte 2026/ }),
  ).toBeVisible();
  await expect(changes.getByRole('row', { name: /Progresso 35,00% 60,00%/ })).toBeVisible();
  await expect(changes.getByRole('row')).toHaveCount(3); // header, title, progress
  // Rule buttons: a refusal says the rule's message; a window asks its values, the rule's change comes back unsaved.
  await page.getByRole('button', { name: 'Recalcular prazos' }).click();
  await expect(page.getByText('Preencha a data de início primeiro.')).toBeVisible();
  await page.getByRole('button', { name: 'Adiar prazo' }).click();
  const window = page.getByRole('dialog', { name: 'Adiar prazo' });
  await window.getByRole('button', { name: 'Executar' }).click();
  await expect(window.getByText('Preencha o campo Dias.')).toBeVisible();
  await window.getByRole('textbox', { name: 'Dias' }).fill('3');
  await window.getByRole('button', { name: 'Executar' }).click();
  await expect(window).toBeHidden();
  await page.getByRole('tab', { name: 'Planejamento' }).click();
  await expectDate(dateInput(page, 'Prazo'), '18/03/2026');
  await expect(page.getByText('Alterações não salvas')).toBeVisible();
  await page.getByRole('tab', { name: 'Arquivos e histórico' }).click();
  await page.screenshot({ path: testInfo.outputPath('form-history-pt-BR.png'), fullPage: true });

  // A second browser opens version 2; this one saves version 3; the second's save is refused.
  const other = await secondBrowser(browser, baseURL, editPath);
  await expect(other.getByRole('heading', { name: 'Revisar o contrato de suporte 2026' })).toBeVisible();
  await page.getByRole('tab', { name: 'Geral' }).click();
  await page.getByRole('textbox', { name: 'Título' }).fill('Revisar o contrato (versão 3)');
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(page.getByText('Versão 3', { exact: true })).toBeVisible();

  await other.getByRole('textbox', { name: 'Título' }).fill('Uma alteração antiga');
  await other.getByRole('button', { name: 'Salvar', exact: true }).click();
  const stale = other.getByRole('dialog', { name: 'O item foi alterado por outra pessoa' });
  await expect(stale).toContainText(
    'O item foi alterado por Administrador depois que você o abriu (agora na versão 3)',
  );
  await expect(stale).toContainText('nada foi gravado');
  await other.screenshot({ path: testInfo.outputPath('form-stale-pt-BR.png') });
  await stale.getByRole('button', { name: 'Recarregar o item' }).click();
  await expect(other.getByRole('textbox', { name: 'Título' })).toHaveValue('Revisar o contrato (versão 3)');
  await other.context().close();

  // The same form in English.
  await page.evaluate(() => localStorage.setItem('language', 'en'));
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Planning' })).toBeVisible();
  await page.getByRole('tab', { name: 'Planning' }).click();
  await expect(page.getByRole('textbox', { name: 'Cost' })).toHaveValue('1.234,50');
  await page.screenshot({ path: testInfo.outputPath('form-planning-en.png'), fullPage: true });
  // Dates keep DD/MM/YYYY in English; the calendar speaks English.
  const dueEn = dateInput(page, 'Due date');
  await typeDate(page, dueEn, '20032026');
  await expectDate(dueEn, '20/03/2026');
  await page.getByRole('button', { name: /^Choose the date of Due date/ }).click();
  await expect(page.getByRole('dialog').getByText('March 2026')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('form-date-picker-en.png') });
  await page.keyboard.press('Escape');
  await page.getByRole('tab', { name: 'Files and history' }).click();
  await expect(page.getByRole('table', { name: 'Changes of version 3' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('form-history-en.png'), fullPage: true });
});

test('a save names every refused field on its field and opens the first tab holding one', async ({
  adminPage: page,
  request,
}, testInfo) => {
  test.setTimeout(60_000);
  const demo = await demoTaskForm(request);
  await page.setViewportSize({ width: 1400, height: 1000 });
  await page.goto(`/runtime/${demo.appId}/insertItem/${demo.componentId}/${demo.projectId}/${demo.formId}`);
  await expect(page.getByRole('heading', { name: 'Novo item: Tarefa' })).toBeVisible();

  // Title and priority left empty (Geral), a progress out of range (Planejamento), an incomplete code (Local e contato).
  await page.getByRole('tab', { name: 'Planejamento' }).click();
  await page.getByRole('textbox', { name: 'Progresso', exact: true }).fill('150');
  // A '.' typed as the decimal point is the comma of this field: 12,50, not 125.
  const cost = page.getByRole('textbox', { name: 'Custo' });
  await cost.fill('12.5');
  await cost.blur();
  await expect(cost).toHaveValue('12,50');
  await page.getByRole('tab', { name: 'Local e contato' }).click();
  const code = page.getByRole('textbox', { name: 'Código' });
  await code.fill('ab');
  // Leaving the field shows its message (and moves the save bar): wait for it before clicking.
  await code.blur();
  await expect(code).toHaveAccessibleDescription('preencha no formato aaa-9999');
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();

  await expect(page.getByText('Verifique os campos: Título, Prioridade, Progresso, Código.')).toBeVisible();
  // The first tab with a refused field opens, and every tab holding one carries a dot.
  await expect(page.getByRole('tab', { name: /Geral/, selected: true })).toBeVisible();
  for (const tab of ['Geral', 'Planejamento', 'Local e contato']) {
    await expect(
      page.getByRole('tab', { name: new RegExp(tab) }).getByLabel(`${tab} tem campos a corrigir`),
    ).toBeAttached();
  }
  await expect(page.getByRole('textbox', { name: 'Título' })).toHaveAccessibleDescription('preencha este campo');
  await expect(page.getByRole('combobox', { name: 'Prioridade' })).toBeVisible();
  await expect(page.getByText('preencha este campo')).toHaveCount(2);
  await page.screenshot({ path: testInfo.outputPath('form-every-field-pt-BR.png'), fullPage: true });
  await page.getByRole('tab', { name: /Planejamento/ }).click();
  await expect(page.getByRole('textbox', { name: 'Progresso', exact: true })).toHaveAccessibleDescription(
    'o valor deve estar entre 0 e 100',
  );
  await page.getByRole('tab', { name: /Local e contato/ }).click();
  await expect(page.getByRole('textbox', { name: 'Código' })).toHaveAccessibleDescription(
    'preencha no formato aaa-9999',
  );
  await expect(page).toHaveURL(/insertItem/); // nothing was saved
});

test('the edit form runs a workflow action, asking to save first, and shows the new status', async ({
  adminPage: page,
  request,
}, testInfo) => {
  test.setTimeout(60_000);
  const demo = await demoTaskForm(request);
  await page.setViewportSize({ width: 1400, height: 1000 });
  await page.goto(`/runtime/${demo.appId}/insertItem/${demo.componentId}/${demo.projectId}/${demo.formId}`);
  await page.getByRole('textbox', { name: 'Título' }).fill('Instalar o novo servidor');
  await choose(page, 'Prioridade', 'Alta');
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Instalar o novo servidor' })).toBeVisible();
  await expect(page.getByLabel('Status: A fazer')).toBeVisible();
  await expect(page.getByText('Versão 1', { exact: true })).toBeVisible();

  // With a change not saved, the action waits: the form offers to save first.
  await page.getByRole('textbox', { name: 'Título' }).fill('Instalar o novo servidor de arquivos');
  await page.getByRole('button', { name: 'Tramitar' }).click();
  const saveFirst = page.getByRole('dialog', { name: 'Salvar antes de tramitar?' });
  await expect(saveFirst).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('form-action-save-first-pt-BR.png') });
  await saveFirst.getByRole('button', { name: 'Sim' }).click();
  await expect(page.getByText('Versão 2', { exact: true })).toBeVisible();
  await expect(page.getByText('Alterações não salvas')).toBeHidden();

  // Saved: the item's actions (getActions), Iniciar asks the new responsible.
  await page.getByRole('button', { name: 'Tramitar' }).click();
  await expect(page.getByRole('menuitem', { name: /Iniciar/ })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('form-actions-menu-pt-BR.png') });
  await page.getByRole('menuitem', { name: /Iniciar/ }).click();
  const ask = page.getByRole('dialog', { name: 'Comentário e responsável' });
  await ask.getByRole('combobox', { name: 'Novo responsável' }).click();
  await page.getByRole('option', { name: /^Administrador/ }).click();
  await ask.getByRole('button', { name: 'OK' }).click();
  await expect(ask).toBeHidden();

  // The form reads the item again: its new status and version, and the history has the transition.
  await expect(page.getByLabel('Status: Em andamento')).toBeVisible();
  await expect(page.getByText('Versão 3', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Instalar o novo servidor de arquivos' })).toBeVisible();
  await page.getByRole('tab', { name: 'Arquivos e histórico' }).click();
  await expect(
    page
      .getByRole('table', { name: 'Alterações da versão 3' })
      .getByRole('row', { name: /Status A fazer Em andamento/ }),
  ).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('form-action-done-pt-BR.png'), fullPage: true });

  // In English: the same question before an action on unsaved changes; No leaves the change in the form.
  await page.evaluate(() => localStorage.setItem('language', 'en'));
  await page.reload();
  await expect(page.getByLabel('Status: In progress')).toBeVisible();
  await page.getByRole('tab', { name: 'General' }).click();
  await page.getByRole('textbox', { name: 'Title' }).fill('Install the new file server');
  await page.getByRole('button', { name: 'Workflow' }).click();
  const saveFirstEn = page.getByRole('dialog', { name: 'Save before moving the item?' });
  await expect(saveFirstEn).toContainText('This item has changes that were not saved.');
  await page.screenshot({ path: testInfo.outputPath('form-action-save-first-en.png') });
  await saveFirstEn.getByRole('button', { name: 'No' }).click();
  await expect(saveFirstEn).toBeHidden();
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Install the new file server');
  await expect(page.getByText('Version 3', { exact: true })).toBeVisible();
});
