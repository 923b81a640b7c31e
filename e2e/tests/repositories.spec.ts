import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect as baseExpect } from '../support/fixtures';
import { apiToken, demoTaskForm } from '../support/formsApi';

// Issue 18's first slice in Chromium against the binary (docs/documents.md, "Repositories"): the
// administrator opens a demo project's repository from the repositories list, creates a folder,
// drops three files on it, checks in a new version of one with a comment, sees both versions with
// who and when, restores the first and gets its bytes back as the newest. Screenshots go to the
// output folder.

test.use({ locale: 'pt-BR', viewport: { width: 1400, height: 900 } });
// A screen's first visit loads its chunks on a busy machine: the waits are longer than the default.
const expect = baseExpect.configure({ timeout: 30_000 });

const PDF_V1 = Buffer.from('%PDF-1.4\n% first draft\n1 0 obj\n<<>>\nendobj\n%%EOF\n', 'latin1');
const PDF_V2 = Buffer.from('%PDF-1.4\n% second revision, signed\n1 0 obj\n<<>>\nendobj\n%%EOF\n', 'latin1');

/** Drops files on an element as a file manager would (a DragEvent carrying a DataTransfer). */
async function dropFiles(page: Page, selector: string, files: { name: string; body: string }[]) {
  const transfer = await page.evaluateHandle((list) => {
    const dt = new DataTransfer();
    for (const f of list) dt.items.add(new File([f.body], f.name, { type: 'application/pdf' }));
    return dt;
  }, files);
  await page.dispatchEvent(selector, 'dragover', { dataTransfer: transfer });
  await page.dispatchEvent(selector, 'drop', { dataTransfer: transfer });
}

async function newestBytes(request: APIRequestContext, fileId: number) {
  const res = await request.get(`/api/repositories/downloadFile?fileId=${fileId}`, {
    headers: { Authorization: `Bearer ${await apiToken(request)}` },
  });
  expect(res.status()).toBe(200);
  return res.body();
}

test('a folder, three dropped files, a checked-in version and the old one restored', async ({
  adminPage: page,
  request,
}, testInfo) => {
  test.setTimeout(300_000);
  const demo = await demoTaskForm(request);
  const folder = `Contratos ${Date.now() % 100000}`;
  await page.goto(`/runtime/${demo.appId}/repositories/Reposit%C3%B3rios`);
  const list = page.getByRole('table', { name: 'Repositórios de documentos' });
  await list.getByRole('link', { name: demo.projectName }).click();
  await expect(page.getByRole('heading', { level: 1, name: demo.projectName })).toBeVisible();
  const tree = page.getByRole('navigation', { name: 'Pastas' });
  await expect(tree.getByRole('button', { name: 'Raiz do repositório' })).toHaveAttribute('aria-current', 'true');

  await page.getByRole('button', { name: 'Nova pasta' }).click();
  const prompt = page.getByRole('dialog');
  await prompt.getByRole('textbox').fill(folder);
  await prompt.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText(`Pasta ${folder} criada.`)).toBeVisible();
  await expect(tree.getByRole('button', { name: folder })).toHaveAttribute('aria-current', 'true');

  await dropFiles(page, `section[aria-label="${folder}"]`, [
    { name: 'contrato.pdf', body: PDF_V1.toString('latin1') },
    { name: 'aditivo.pdf', body: PDF_V1.toString('latin1') },
    { name: 'memorial.pdf', body: PDF_V1.toString('latin1') },
  ]);
  await expect(page.getByText('Arquivos enviados: 3.')).toBeVisible();
  const grid = page.getByRole('grid', { name: `Arquivos de ${folder}` });
  for (const name of ['aditivo.pdf', 'contrato.pdf', 'memorial.pdf']) {
    await expect(grid.getByRole('gridcell', { name, exact: true })).toBeVisible();
  }
  await page.screenshot({ path: testInfo.outputPath('repository-folder.png'), fullPage: true });

  await grid.getByRole('button', { name: 'Versões de contrato.pdf' }).click();
  const dialog = page.getByRole('dialog', { name: 'Versões de contrato.pdf' });
  await dialog
    .getByTestId('check-in-file')
    .setInputFiles({ name: 'contrato-rev.pdf', mimeType: 'application/pdf', buffer: PDF_V2 });
  await dialog.getByRole('textbox', { name: 'Comentário da nova versão' }).fill('Revisão assinada');
  await dialog.getByRole('button', { name: 'Registrar versão' }).click();
  await expect(page.getByText('Versão 2 registrada.')).toBeVisible();
  const versions = dialog.getByRole('table', { name: 'Versões' });
  await expect(versions.getByRole('row')).toHaveCount(3);
  await expect(versions.getByRole('row').nth(1)).toContainText('Revisão assinada');
  await expect(versions.getByRole('row').nth(1)).toContainText('Administrador');
  await page.screenshot({ path: testInfo.outputPath('repository-versions.png') });

  const headers = { Authorization: `Bearer ${await apiToken(request)}` };
  const tree2 = (await (
    await request.get(`/api/repositories/loadTree?projectId=${demo.projectId}`, { headers })
  ).json()) as {
    folders: { id: number; name: string }[];
  };
  const folderId = tree2.folders.find((f) => f.name === folder)!.id;
  const page0 = (await (
    await request.get(`/api/repositories/loadFiles?projectId=${demo.projectId}&folderId=${folderId}`, { headers })
  ).json()) as { files: { id: number; name: string }[] };
  const fileId = page0.files.find((f) => f.name === 'contrato.pdf')!.id;
  expect((await newestBytes(request, fileId)).equals(PDF_V2)).toBe(true);

  await dialog.getByRole('button', { name: 'Restaurar a versão 1' }).click();
  await page
    .getByRole('dialog')
    .filter({ hasText: 'Restaurar a versão 1?' })
    .getByRole('button', { name: 'Sim' })
    .click();
  await expect(page.getByText('Versão 1 restaurada como versão 3.')).toBeVisible();
  await expect(versions.getByRole('row').nth(1)).toContainText('restaura a v1');
  expect((await newestBytes(request, fileId)).equals(PDF_V1)).toBe(true);
  await page.screenshot({ path: testInfo.outputPath('repository-restored.png') });
});
