import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { signIn } from '../support/fixtures';
import { adminPassword, startServer, type Server } from '../support/server';
import { readFirstSheet, type Cell } from '../support/xlsx';
import { columnName, writeSheet } from '../support/xlsxWriter';

// Issue 7's Excel import end to end, in Chromium against bin/tramita: the list's "Importar do
// Excel" sends a spreadsheet with one bad row — the preview shows that row's error and nothing is
// written (asked of the API) —; the fixed spreadsheet is confirmed, the job writes it and the list
// refreshes; the full list exported to xlsx holds, cell by cell, what was imported.

const test = base;
test.describe.configure({ mode: 'serial' });

const PACKAGE = join(import.meta.dirname, '..', 'support', 'items-app.yaml');
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** An Excel serial date (days since 1899-12-30) of a day. */
const serial = (day: string) => (Date.parse(`${day}T00:00:00Z`) - Date.UTC(1899, 11, 30)) / 86_400_000;

// Cells typed as a spreadsheet program keeps them (and as the export writes them): texts, numbers,
// dates as serial numbers, booleans. "Observação" matches no field: it is listed and ignored.
const HEADER = ['Título', 'Tipo', 'Valor', 'Aquisição', 'Segurado', 'Uso', 'Observação'];
const ROWS: Cell[][] = [
  ['Importado 01', 'Notebook', 4321.09, serial('2025-01-15'), true, 12.5, 'primeira'],
  ['Importado 02', 'Monitor', 899.9, serial('2025-02-28'), false, 0, ''],
  ['Importado 03', 'Cadeira', 1250, serial('2024-12-31'), true, 100, ''],
  ['Importado 04', 'Notebook', 5999.99, serial('2025-03-01'), false, 150, 'uso acima de 100%'],
  ['Importado 05', 'Monitor', 10.5, serial('2025-06-30'), true, 33.33, ''],
];
const BAD = 3; // index in ROWS: usage 150 is over the field's maximum of 100
const fixed = (): Cell[][] => ROWS.map((r, i) => (i === BAD ? r.map((v, c) => (c === 5 ? 75 : v)) : r));

let server: Server;
let page: Page;
let token = '';
let componentID = 0;

const url = (path: string) => `${server.url}${path}`;

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(url(`/api${path}`), {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'Accept-Language': 'pt-BR' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

/** The titles of every item of the type, as the API lists them. */
async function titles(): Promise<string[]> {
  const res = await call<{ rows: { Title: string }[] }>('POST', '/genericItem/executeFilter', {
    listControlData: { componentID },
    componentID,
    projectId: 0,
    page: 0,
    rowsPerPage: 100,
    filters: [],
    logicSeparator: 'AND',
  });
  return res.rows.map((r) => r.Title).sort();
}

async function shot(name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
}

/** Chooses a file through the import button (or the dialog's "Escolher outro arquivo"). */
async function choose(button: string, name: string, buffer: Buffer, mimeType = XLSX) {
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: button, exact: true }).click(),
  ]);
  await chooser.setFiles({ name, mimeType, buffer });
}

const dialog = () => page.getByRole('dialog', { name: /Importar do Excel/ });

test.beforeAll(async ({ browser }) => {
  server = await startServer({ env: { TRAMITA_DEMO: 'false' }, before: [['apps', 'import', PACKAGE]] });
  const res = await fetch(url('/api/users/authenticate'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ UserName: 'admin', Password: adminPassword }),
  });
  token = (JSON.parse(Buffer.from(await res.text(), 'base64').toString('utf8')) as { token: string }).token;
  const apps = await call<{ id: number; name: string }[]>('GET', '/application/getAllowedApplications');
  const app = apps.find((a) => a.name === 'Patrimônio E2E')!;
  const [menu] = await call<[{ link: string }[]]>('POST', `/application/getApplicationMenu?appID=${app.id}`);
  componentID = Number(/\/list\/(\d+)\//.exec(menu[0]!.link)![1]);
  const context = await browser.newContext({
    baseURL: server.url,
    locale: 'pt-BR',
    viewport: { width: 1440, height: 900 },
    acceptDownloads: true,
  });
  page = await context.newPage();
});

test.afterAll(async () => {
  await page
    ?.context()
    .close()
    .catch(() => undefined);
  await server?.stop();
});

test('a spreadsheet with a bad row is previewed with the row error, and nothing is written', async () => {
  await signIn(page);
  await page.getByRole('button', { name: 'Patrimônio E2E' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Bens' })).toBeVisible();
  await expect(page.getByText('Nenhum registro encontrado')).toBeVisible();

  // Not a spreadsheet: the server's message.
  await choose('Importar do Excel', 'notas.xlsx', Buffer.from('isto não é uma planilha'));
  await expect(dialog().getByTestId('import-refused')).toHaveText('Envie uma planilha do Excel (.xlsx).', {
    timeout: 30_000,
  });

  const previewed = page.waitForResponse(
    (r) => r.url().endsWith('/api/genericItem/importExcel') && r.request().method() === 'POST',
  );
  await choose('Escolher outro arquivo', 'bens.xlsx', writeSheet([HEADER, ...ROWS]));
  const { importId } = (await (await previewed).json()) as { importId: number };
  await expect(dialog().getByText('bens.xlsx')).toBeVisible();
  // Every row is checked before the answer: on a busy machine that takes a while.
  await expect(dialog().getByTestId('import-errors-summary')).toHaveText(
    'A planilha tem 1 erro. Corrija-o e envie o arquivo de novo; nada será gravado enquanto houver erros.',
    { timeout: 30_000 },
  );
  const errors = dialog().getByTestId('import-error');
  await expect(errors).toHaveCount(1);
  // Row 5 of the sheet: the header is row 1.
  await expect(errors.getByRole('cell')).toHaveText(['5', 'Uso', 'o valor deve estar entre 0 e 100']);
  await expect(dialog().getByTestId('import-unmatched')).toHaveText(
    'Colunas ignoradas (nenhum campo do formulário com este nome): Observação',
  );
  const rows = dialog().getByTestId('import-preview-row');
  await expect(rows).toHaveCount(ROWS.length);
  await expect(rows.nth(BAD)).toHaveAttribute('data-invalid', 'true');
  await expect(rows.nth(0)).not.toHaveAttribute('data-invalid');
  await expect(rows.nth(0).getByRole('cell')).toHaveText([
    '2',
    'Importado 01',
    'Notebook',
    '4321.09',
    '15/01/2025',
    'Sim',
    '12.5',
  ]);
  await expect(dialog().getByRole('button', { name: 'Importar 5 linhas' })).toBeDisabled();
  await shot('preview-with-error');

  // The preview wrote nothing, and it cannot be confirmed through the API either.
  expect(await titles()).toEqual([]);
  const refused = await fetch(url('/api/genericItem/importExcel'), {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'Accept-Language': 'pt-BR' },
    body: JSON.stringify({ importId, confirm: true }),
  });
  expect(refused.status).toBe(400);
  expect(((await refused.json()) as { Message: string }).Message).toMatch(
    /^A planilha tem 1 erro\(s\); corrija-os e envie de novo\. Nada foi gravado\./,
  );
  await dialog().getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog()).toBeHidden();
  expect(await titles()).toEqual([]);
});

test('the fixed spreadsheet is confirmed, written by the job, and the list refreshes', async () => {
  await choose('Importar do Excel', 'bens.xlsx', writeSheet([HEADER, ...fixed()]));
  await expect(dialog().getByTestId('import-ok')).toHaveText('5 linhas conferidas, sem erros.', { timeout: 30_000 });
  await expect(dialog().getByTestId('import-error')).toHaveCount(0);
  await shot('preview-clean');
  await dialog().getByRole('button', { name: 'Importar 5 linhas' }).click();
  await expect(page.getByText('Importação concluída: 5 itens criados.')).toBeVisible({ timeout: 30_000 });
  await expect(dialog()).toBeHidden();
  await expect(page.getByTestId('list-summary')).toHaveText('Bem · 5 itens');
  await expect(page.getByRole('grid').getByText('Importado 04', { exact: true })).toBeVisible();
  await shot('imported');
  expect(await titles()).toEqual(fixed().map((r) => String(r[0])));
});

test('the full list exported to xlsx holds, cell by cell, what was imported', async () => {
  await page.getByRole('button', { name: 'Exportar', exact: true }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'Baixar como Excel (lista completa)' }).click(),
  ]);
  const cells = readFirstSheet(readFileSync((await download.path())!));
  const exported: string[] = [];
  for (let c = 0; cells.has(`${columnName(c)}1`); c++) exported.push(String(cells.get(`${columnName(c)}1`)));
  const titleColumn = columnName(exported.indexOf('TÍTULO'));
  const imported = fixed();
  for (const [i, header] of HEADER.entries()) {
    const at = exported.indexOf(header.toUpperCase());
    if (header === 'Observação') {
      expect(at, 'an unmatched column is not a field').toBe(-1);
      continue;
    }
    expect(at, `${header} is exported`).toBeGreaterThanOrEqual(0);
    for (const row of imported) {
      // The exported row of this item, found by its title (the list is ordered by FormattedID).
      let line = 2;
      while (cells.has(`${titleColumn}${line}`) && cells.get(`${titleColumn}${line}`) !== row[0]) line++;
      expect(cells.get(`${titleColumn}${line}`), `${String(row[0])} is exported`).toBe(row[0]);
      expect(cells.get(`${columnName(at)}${line}`), `${String(row[0])}: ${header}`).toBe(row[i]);
    }
  }
  expect(cells.has(`${titleColumn}${imported.length + 2}`)).toBe(false);
});
