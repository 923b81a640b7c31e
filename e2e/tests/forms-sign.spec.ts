import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { inflateSync } from 'node:zlib';
import type { Download, Page } from '@playwright/test';
import { test, expect, signIn } from '../support/fixtures';
import { apiToken, demoTaskForm } from '../support/formsApi';
import { adminPassword, startServer } from '../support/server';

// Signatures and stamps of attachments (docs/items.md, "Signatures and stamps") in the demo task
// form, in Chromium against the binary: a PDF is signed with the password again and the browser's
// location (a wrong password first refused with the server's message); with no protocol template the
// signature is recorded and the spec's message says the protocol was not issued; the signature is
// listed and read back through the API. The signed PDF is stamped: the download is a PDF holding the
// stamp's text, and the original stays as version 1. With a template configured, the next signature
// issues the Signature Protocol, downloaded from its chip. Screenshots go to the output folder.

test.use({ geolocation: { latitude: -23.5613, longitude: -46.6565 }, permissions: ['geolocation'], locale: 'pt-BR' });

/** A one-page PDF with a line of text (WinAnsi Helvetica), as a word processor would hand over. */
function onePagePDF(text: string): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
  ];
  const content = `BT /F1 20 Tf 72 760 Td (${text}) Tj ET`;
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  offsets.push(out.length);
  out += `4 0 obj\n<< /Length ${content.length} >>\nstream\n${content}\nendstream\nendobj\n`;
  offsets.push(out.length);
  out += '5 0 obj\n<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>\nendobj\n';
  const xref = out.length;
  out += `xref\n0 6\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size 6 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** The text of a PDF's streams (inflated when compressed), read as WinAnsi: enough to find a sentence. */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const parts: string[] = [];
  const re = /stream\r?\n/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(raw))) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    const body = pdf.subarray(start, end);
    try {
      parts.push(inflateSync(body).toString('latin1'));
    } catch {
      parts.push(body.toString('latin1'));
    }
    re.lastIndex = end + 'endstream'.length;
  }
  return parts.join('\n').replace(/\\([()])/g, '$1');
}

async function saved(download: Download): Promise<Buffer> {
  const path = await download.path();
  return readFile(path);
}

const TEMPLATE =
  'Eu, {signatario} ({login}), assinei eletronicamente o arquivo {arquivo} (versão {versao}) em {data}.\nSHA-256: {hash}\nCódigo de verificação: {codigo}';

interface FileSignatures {
  fileId: number;
  version: number;
  stamped: boolean;
  signatures: {
    signerLogin: string;
    version: number;
    sha256: string;
    latitude: number | null;
    longitude: number | null;
    code: string;
    protocolUrl: string;
  }[];
  versions: { version: number; url: string }[];
}

test('an attachment is signed with the password and the location, and a signed PDF is stamped', async ({
  adminPage: page,
  request,
}, testInfo) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1400, height: 1000 });
  const demo = await demoTaskForm(request);
  const headers = { Authorization: `Bearer ${await apiToken(request)}` };
  // A task of its own: the demo's tasks are shared with the other specs of this worker's server,
  // which attach files to them.
  const title = `Contrato de serviços ${Date.now() % 100000}`;
  const created = await request.post('/api/genericItem/saveItem', {
    headers,
    data: { component: demo.componentId, projectId: demo.projectId, item: { Title: title, priority: 'low' } },
  });
  expect(created.status(), await created.text()).toBe(200);
  const task = { id: ((await created.json()) as { id: number }).id, Title: title };
  const signaturesOf = async (fileName: string): Promise<FileSignatures> => {
    const list = (await (
      await request.get(`/api/genericItem/loadAttachments?itemId=${task!.id}`, { headers })
    ).json()) as { files: { id: number; name: string }[] };
    const file = list.files.find((f) => f.name === fileName)!;
    const all = (await (
      await request.get(`/api/genericItem/loadFileSignatures?itemId=${task!.id}`, { headers })
    ).json()) as { files: FileSignatures[] };
    return all.files.find((f) => f.fileId === file.id)!;
  };

  await page.goto(`/runtime/${demo.appId}/editItem/${demo.componentId}/${task!.id}/${demo.formId}`);
  await expect(page.getByRole('heading', { name: task!.Title })).toBeVisible();
  await page.getByRole('tab', { name: 'Arquivos e histórico' }).click();
  const attachments = page.getByRole('region', { name: 'Anexos' });
  await expect(attachments).toContainText('Nenhum arquivo anexado.');
  const contract = onePagePDF('Contrato de prestacao de servicos');
  await page.getByLabel('Anexar arquivos').setInputFiles([
    { name: 'contrato.pdf', mimeType: 'application/pdf', buffer: contract },
    { name: 'notas.txt', mimeType: 'text/plain', buffer: Buffer.from('Notas da reunião de abertura.\n', 'utf8') },
  ]);
  await expect(page.getByText('Arquivos anexados: 2.')).toBeVisible();
  // Stamping is for PDFs only.
  await expect(attachments.getByRole('button', { name: 'Carimbar contrato.pdf' })).toBeVisible();
  await expect(attachments.getByRole('button', { name: 'Carimbar notas.txt' })).toHaveCount(0);

  // Sign: a wrong password is refused in the dialog; then the right one, with the location.
  await attachments.getByRole('button', { name: 'Assinar contrato.pdf' }).click();
  const dialog = page.getByRole('dialog', { name: 'Assinar contrato.pdf' });
  await dialog.getByRole('checkbox', { name: 'Usar minha localização' }).check();
  await expect(dialog.getByText('Localização: -23.56130, -46.65650')).toBeVisible();
  await dialog.getByLabel(/Sua senha/).fill('senha-errada');
  await dialog.getByRole('button', { name: 'Assinar' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Senha incorreta: nada foi assinado.');
  await page.screenshot({ path: testInfo.outputPath('sign-wrong-password.png') });
  await dialog.getByLabel(/Sua senha/).fill(adminPassword);
  await dialog.getByRole('button', { name: 'Assinar' }).click();
  await expect(dialog).toHaveCount(0);
  // No protocol template yet: the signature stands, the spec's message says the protocol was not issued.
  await expect(
    page.getByText('Não foi possível emitir o Protocolo de Assinatura pois o modelo de protocolo não foi configurado'),
  ).toBeVisible();
  const contractSignatures = attachments.getByRole('list', { name: 'Assinaturas de contrato.pdf' });
  await expect(contractSignatures.getByText(/^Assinado por Administrador em \d\d\/\d\d\/\d{4}/)).toBeVisible();
  await expect(attachments.getByRole('button', { name: 'Assinar contrato.pdf' })).toBeDisabled();
  await page.screenshot({ path: testInfo.outputPath('signed.png'), fullPage: true });

  const afterSign = await signaturesOf('contrato.pdf');
  expect(afterSign.signatures).toHaveLength(1);
  expect(afterSign.signatures[0]).toMatchObject({
    signerLogin: 'admin',
    version: 1,
    latitude: -23.5613,
    longitude: -46.6565,
    protocolUrl: '',
  });
  expect(afterSign.signatures[0].sha256).toBe(createHash('sha256').update(contract).digest('hex'));

  // Stamp: confirmed, a new version; the download is a PDF with the stamp's text.
  await attachments.getByRole('button', { name: 'Carimbar contrato.pdf' }).click();
  const confirm = page.getByRole('dialog', { name: 'Carimbar o documento?' });
  await expect(confirm).toContainText('criando a versão 2');
  await page.screenshot({ path: testInfo.outputPath('stamp-confirm.png') });
  await confirm.getByRole('button', { name: 'Sim' }).click();
  await expect(page.getByText('Documento carimbado: versão 2.')).toBeVisible();
  await expect(contractSignatures.getByText('Carimbado · v2')).toBeVisible();
  await expect(attachments.getByRole('button', { name: 'Carimbar contrato.pdf' })).toHaveCount(0);
  await expect(attachments.getByRole('button', { name: 'Assinar contrato.pdf' })).toBeEnabled(); // version 2 may be signed again
  await page.screenshot({ path: testInfo.outputPath('stamped.png'), fullPage: true });

  const downloading = page.waitForEvent('download');
  await attachments.getByRole('button', { name: 'Baixar contrato.pdf' }).click();
  const stamped = await saved(await downloading);
  await writeFile(testInfo.outputPath('stamped.pdf'), stamped); // kept beside the screenshots, to look at
  expect(stamped.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const text = pdfText(stamped);
  expect(text).toContain('Contrato de prestacao de servicos');
  expect(text).toMatch(/Assinado digitalmente por Administrador em \d\d\/\d\d\/\d{4} \d\d:\d\d UTC/);
  expect(text).toContain(`SHA-256 da vers\u00e3o 1 assinada: ${afterSign.signatures[0].sha256}`);
  const afterStamp = await signaturesOf('contrato.pdf');
  expect(afterStamp).toMatchObject({ version: 2, stamped: true });
  const original = await request.get(afterStamp.versions[0].url, { headers });
  expect(Buffer.from(await original.body()).equals(contract)).toBe(true);

  // On a phone the row keeps its actions and the chips wrap under the name.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(attachments.getByRole('button', { name: 'Assinar contrato.pdf' })).toBeVisible();
  await attachments.screenshot({ path: testInfo.outputPath('stamped-phone.png') });
});

// The administrator configured the template (tramita admin setting set, run before the start): a
// server of its own for this test, started and stopped here.
test('with a protocol template a signature issues the Signature Protocol, downloaded from its chip', async ({
  browser,
  playwright,
}, testInfo) => {
  test.setTimeout(180_000);
  const prepared = await startServer({
    before: [['admin', 'setting', 'set', 'signatureProtocolTemplate', JSON.stringify(TEMPLATE)]],
  });
  const request = await playwright.request.newContext({ baseURL: prepared.url });
  const context = await browser.newContext({ baseURL: prepared.url, locale: 'pt-BR', acceptDownloads: true });
  try {
    const page = await context.newPage();
    await page.setViewportSize({ width: 1400, height: 1000 });
    const demo = await demoTaskForm(request);
    const headers = { Authorization: `Bearer ${await apiToken(request)}` };
    const tasks = (await (
      await request.post('/api/genericItem/loadGenericItems', {
        headers,
        data: { componentId: demo.componentId, limit: 5 },
      })
    ).json()) as { id: number; Title: string }[];
    const task = tasks.find((t) => t.Title.trim() !== '');
    expect(task).toBeTruthy();
    // A server and a browser context of its own: this page signs in itself.
    await signIn(page, { next: `/runtime/${demo.appId}/editItem/${demo.componentId}/${task!.id}/${demo.formId}` });
    await expect(page.getByRole('heading', { name: task!.Title })).toBeVisible();
    await page.getByRole('tab', { name: 'Arquivos e histórico' }).click();
    const attachments = page.getByRole('region', { name: 'Anexos' });
    await expect(attachments).toContainText('Nenhum arquivo anexado.');
    await page.getByLabel('Anexar arquivos').setInputFiles({
      name: 'notas.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Notas da reunião de abertura.\n', 'utf8'),
    });
    await expect(page.getByText('Arquivos anexados: 1.')).toBeVisible();

    await attachments.getByRole('button', { name: 'Assinar notas.txt' }).click();
    const dialog = page.getByRole('dialog', { name: 'Assinar notas.txt' });
    await dialog.getByLabel(/Sua senha/).fill(adminPassword);
    await dialog.getByRole('button', { name: 'Assinar' }).click();
    await expect(page.getByText('Arquivo assinado: notas.txt.')).toBeVisible();
    const all = (await (
      await request.get(`/api/genericItem/loadFileSignatures?itemId=${task!.id}`, { headers })
    ).json()) as { files: FileSignatures[] };
    const signature = all.files.flatMap((f) => f.signatures).find((s) => s.signerLogin === 'admin')!;
    expect(signature.protocolUrl).toContain('downloadSignatureProtocol');

    const downloading = page.waitForEvent('download');
    await attachments
      .getByRole('list', { name: 'Assinaturas de notas.txt' })
      .getByRole('button', { name: /Assinado por Administrador/ })
      .click();
    const protocolPdf = await saved(await downloading);
    await writeFile(testInfo.outputPath('protocol.pdf'), protocolPdf);
    const protocol = pdfText(protocolPdf);
    expect(protocol).toContain('Protocolo de Assinatura');
    expect(protocol).toContain(
      'Eu, Administrador (admin), assinei eletronicamente o arquivo notas.txt (vers\u00e3o 1)',
    );
    expect(protocol).toContain(`C\u00f3digo de verifica\u00e7\u00e3o: ${signature.code}`);
    await page.screenshot({ path: testInfo.outputPath('protocol-issued.png'), fullPage: true });
  } finally {
    await context.close();
    await request.dispose();
    await prepared.stop();
  }
});
