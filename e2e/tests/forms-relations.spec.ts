import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Locator } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { apiToken, demoTaskForm, type DemoTaskForm } from '../support/formsApi';

// Item forms, relations and files (issue 7, web): the demo task form of 'Gestão de Projetos'
// (apps/demo/project-management.yaml), tabs "Relações" and "Arquivos e histórico", as the
// administrator. Attachments (upload by button and by drop, download compared byte for byte
// under the server's name, the spec's limit and invalid-file messages, delete), the item's file
// (file chooser), many-to-many and item links (seen from the other item), a one-to-many child,
// and all of it again after a reload. Screenshots of both tabs in pt-BR go to the output folder.

// Three attachments per item, so the count limit is reached with a few small files.
test.use({ serverOptions: { env: { TRAMITA_FILE_MAX_COUNT: '3' } } });

interface ItemChoice {
  id: number;
  FormattedID: number;
  Title: string;
}

/** Demo tasks the administrator reads (loadGenericItems), to link to each other. */
async function demoTasks(request: APIRequestContext, demo: DemoTaskForm, count: number): Promise<ItemChoice[]> {
  const headers = { Authorization: `Bearer ${await apiToken(request)}` };
  const res = await request.post('/api/genericItem/loadGenericItems', {
    headers,
    data: { componentId: demo.componentId, limit: 50 },
  });
  expect(res.ok()).toBeTruthy();
  const tasks = ((await res.json()) as ItemChoice[]).filter((task) => task.Title.trim() !== '');
  expect(tasks.length).toBeGreaterThanOrEqual(count);
  return tasks.slice(0, count);
}

/** Searches an item by its number in a link picker and links it. */
async function link(section: Locator, searchLabel: string, task: ItemChoice) {
  const search = section.getByRole('combobox', { name: searchLabel });
  await search.fill(String(task.FormattedID));
  // Item links search every type: numbers repeat across types, so the title picks the task.
  const name = `#${task.FormattedID} ${task.Title}`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // The list first holds the answer to the empty search (shown on opening) and is replaced when the
  // typed one arrives: a click that falls on that swap is lost (the pointer's press and release land
  // on different rows) and the list stays open, as it would for a person, who clicks again.
  await expect(async () => {
    await section
      .page()
      .getByRole('option', { name: new RegExp(`^${name}`) })
      .click({ timeout: 2000 });
    await expect(search).toHaveValue(`#${task.FormattedID} ${task.Title}`, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await section.getByRole('button', { name: 'Vincular', exact: true }).click();
}

const rowOf = (section: Locator, task: ItemChoice) =>
  section
    .getByRole('row')
    .filter({ hasText: task.Title })
    .filter({ hasText: String(task.FormattedID) });

test('files and relations of the demo task form: attach, download, link, add a child, and all survives a reload', async ({
  adminPage: page,
  request,
}, testInfo) => {
  // Long: uploads, downloads, links and a reload; a loaded CI needs more than 120 s.
  test.setTimeout(180_000);
  const demo = await demoTaskForm(request);
  const [a, b, c] = await demoTasks(request, demo, 3);
  const base = `/runtime/${demo.appId}`;
  const editA = `${base}/editItem/${demo.componentId}/${a.id}/${demo.formId}`;
  await page.setViewportSize({ width: 1400, height: 1000 });

  // A new task has no files or links yet: the form says when they become possible.
  await page.goto(`${base}/insertItem/${demo.componentId}/${demo.projectId}/${demo.formId}`);
  await expect(page.getByRole('heading', { name: 'Novo item: Tarefa' })).toBeVisible();
  await page.getByRole('tab', { name: 'Arquivos e histórico' }).click();
  await expect(
    page.getByText('Os arquivos podem ser anexados depois que o item for salvo pela primeira vez.'),
  ).toBeVisible();
  await expect(
    page.getByText('O arquivo do item pode ser escolhido depois que ele for salvo pela primeira vez.'),
  ).toBeVisible();
  await page.getByRole('tab', { name: 'Relações' }).click();
  await expect(page.getByText('Salve o item para vinculá-lo a outros itens.')).toHaveCount(2); // many-to-many and item links

  // Attachments of task a.
  await page.goto(editA);
  await expect(page.getByRole('heading', { name: a.Title })).toBeVisible();
  await page.getByRole('tab', { name: 'Arquivos e histórico' }).click();
  const attachments = page.getByRole('region', { name: 'Anexos' });
  await expect(attachments).toContainText('Nenhum arquivo anexado.');
  await expect(attachments).toContainText('0 de 3 arquivos');
  const minutes = Buffer.from('Ata da reunião de 10/03: prazos revistos, orçamento mantido.\n', 'utf8');
  await page
    .getByLabel('Anexar arquivos')
    .setInputFiles({ name: 'ata da reunião.txt', mimeType: 'text/plain', buffer: minutes });
  await expect(page.getByText('Arquivos anexados: 1.')).toBeVisible();
  const minutesRow = attachments.getByRole('row').filter({ hasText: 'ata da reunião.txt' });
  await expect(minutesRow).toContainText('Administrador');
  await expect(minutesRow).toContainText(`${minutes.length} B`);

  // Download: the server's name (Content-Disposition, accents kept) and the same bytes.
  const downloading = page.waitForEvent('download');
  await minutesRow.getByRole('button', { name: 'Baixar ata da reunião.txt' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('ata da reunião.txt');
  expect(Buffer.compare(await readFile(await download.path()), minutes)).toBe(0);

  // A file whose content is not what its name says is refused with the spec's text; nothing is kept.
  await page
    .getByLabel('Anexar arquivos')
    .setInputFiles({ name: 'orçamento.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not a pdf at all') });
  await expect(attachments.getByRole('alert')).toContainText('Arquivo Inválido');
  await expect(attachments.getByRole('alert')).toContainText('orçamento.pdf');
  await expect(attachments).toContainText('1 de 3 arquivos');

  // Dropped files are attached too.
  const dropped = await page.evaluateHandle(() => {
    const data = new DataTransfer();
    data.items.add(new File(['primeira nota'], 'nota 1.txt', { type: 'text/plain' }));
    data.items.add(new File(['segunda nota'], 'nota 2.txt', { type: 'text/plain' }));
    return data;
  });
  await attachments.dispatchEvent('dragover', { dataTransfer: dropped });
  await attachments.dispatchEvent('drop', { dataTransfer: dropped });
  await expect(page.getByText('Arquivos anexados: 2.')).toBeVisible();
  await expect(attachments.getByRole('row').filter({ hasText: 'nota 2.txt' })).toBeVisible();
  await expect(attachments).toContainText('3 de 3 arquivos');
  await expect(attachments.getByRole('alert')).toBeHidden();

  // A fourth file passes the limit: the spec's message, and nothing is sent.
  await page
    .getByLabel('Anexar arquivos')
    .setInputFiles({ name: 'extra.txt', mimeType: 'text/plain', buffer: Buffer.from('extra') });
  await expect(attachments.getByRole('alert')).toHaveText('Não pode adicionar mais que 3 arquivos.');

  // Delete, after a confirmation. Under a loaded CI the click once landed while the list re-rendered
  // and no dialog came: click again until it does.
  await expect(async () => {
    await attachments.getByRole('button', { name: 'Excluir nota 1.txt' }).click();
    await expect(page.getByRole('dialog')).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  await page.getByRole('dialog').getByRole('button', { name: 'Sim' }).click();
  await expect(page.getByText('Arquivo excluído.')).toBeVisible();
  await expect(attachments.getByRole('row').filter({ hasText: 'nota 1.txt' })).toHaveCount(0);
  await expect(attachments).toContainText('2 de 3 arquivos');

  // The item's one file (file chooser): a PDF, then replaced by another.
  const content = page.getByRole('region', { name: 'Conteúdo do item' });
  await expect(content).toContainText('Nenhum arquivo escolhido.');
  const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`, 'utf8');
  await page
    .getByLabel('Escolher arquivo')
    .setInputFiles({ name: 'contrato v1.pdf', mimeType: 'application/pdf', buffer: pdf('v1') });
  await expect(content).toContainText('contrato v1.pdf');
  await page
    .getByLabel('Trocar arquivo')
    .setInputFiles({ name: 'contrato v2.pdf', mimeType: 'application/pdf', buffer: pdf('v2') });
  await expect(content).toContainText('contrato v2.pdf');
  await expect(content).not.toContainText('contrato v1.pdf');
  await page.screenshot({ path: testInfo.outputPath('form-files-pt-BR.png'), fullPage: true });

  // Relations of task a: b as a related task (many-to-many), c as a link (item links).
  await page.getByRole('tab', { name: 'Relações' }).click();
  const related = page.getByRole('region', { name: 'Tarefas relacionadas' });
  const links = page.getByRole('region', { name: 'Itens vinculados' });
  await expect(related).toContainText('Nenhum item vinculado.');
  await link(related, 'Buscar um item para vincular', b);
  await expect(page.getByText('Item vinculado.', { exact: true })).toBeVisible();
  await expect(rowOf(related, b)).toBeVisible();
  await expect(rowOf(links, b)).toBeVisible(); // the same link, seen by the item links list
  await link(links, 'Buscar um item de qualquer tipo para vincular', c);
  await expect(rowOf(links, c)).toBeVisible();
  await expect(rowOf(links, c)).toContainText('Tarefa');
  await expect(rowOf(related, c)).toBeVisible();

  // A risk as a child (one-to-many): "Adicionar" opens the risk form with a as its parent.
  const risks = page.getByRole('region', { name: 'Riscos' });
  await risks.getByRole('link', { name: 'Adicionar' }).click();
  await expect(page.getByRole('heading', { name: 'Novo item: Risco' })).toBeVisible();
  const riskTitle = 'Fornecedor atrasar a entrega';
  await page.getByRole('textbox', { name: 'Título' }).fill(riskTitle);
  await page.getByRole('combobox', { name: 'Impacto' }).click();
  await page.getByRole('option', { name: 'Crítico', exact: true }).click();
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(page.getByText('Item Salvo com Sucesso')).toBeVisible();
  await expect(page.getByRole('heading', { name: riskTitle })).toBeVisible();

  // Back on a, after a reload: the child, the links and the files are all there.
  await page.goto(editA);
  await page.getByRole('tab', { name: 'Relações' }).click();
  await expect(risks.getByRole('row').filter({ hasText: riskTitle })).toBeVisible();
  await expect(rowOf(related, b)).toBeVisible();
  await expect(rowOf(related, c)).toBeVisible();
  await expect(rowOf(links, b)).toBeVisible();
  await expect(rowOf(links, c)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('form-relations-pt-BR.png'), fullPage: true });
  await page.getByRole('tab', { name: 'Arquivos e histórico' }).click();
  await expect(attachments.getByRole('row').filter({ hasText: 'ata da reunião.txt' })).toBeVisible();
  await expect(attachments.getByRole('row').filter({ hasText: 'nota 2.txt' })).toBeVisible();
  await expect(content).toContainText('contrato v2.pdf');

  // A link has no direction: c's form lists a.
  await page.goto(`${base}/editItem/${demo.componentId}/${c.id}/${demo.formId}`);
  await expect(page.getByRole('heading', { name: c.Title })).toBeVisible();
  await page.getByRole('tab', { name: 'Relações' }).click();
  await expect(rowOf(links, a)).toBeVisible();
  await expect(rowOf(related, a)).toBeVisible();

  // Unlinking from c removes the link for a too.
  await related.getByRole('button', { name: `Desvincular #${a.FormattedID} ${a.Title}` }).click();
  await expect(page.getByText('Vínculo removido.')).toBeVisible();
  await expect(related).toContainText('Nenhum item vinculado.');
  await expect(links).toContainText('Nenhum item vinculado.');
  await page.goto(editA);
  await page.getByRole('tab', { name: 'Relações' }).click();
  await expect(rowOf(related, b)).toBeVisible();
  await expect(rowOf(related, c)).toHaveCount(0);

  // The same controls in English.
  await page.evaluate(() => localStorage.setItem('language', 'en'));
  await page.reload();
  await page.getByRole('tab', { name: 'Relations' }).click();
  await expect(rowOf(page.getByRole('region', { name: 'Related tasks' }), b)).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Find an item of any type to link' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('form-relations-en.png'), fullPage: true });
  await page.getByRole('tab', { name: 'Files and history' }).click();
  await expect(page.getByRole('region', { name: 'Attachments' })).toContainText('2 of 3 files · up to 25 MB each');
  await expect(page.getByRole('region', { name: 'Item content' })).toContainText('contrato v2.pdf');
  await page.screenshot({ path: testInfo.outputPath('form-files-en.png'), fullPage: true });
});
