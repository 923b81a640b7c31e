import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { signIn } from '../support/fixtures';
import { adminPassword, binary, startServer, type Server } from '../support/server';
import { readFirstSheet, serialToDay } from '../support/xlsx';

// Item engine I (issue 6) end to end, in Chromium against bin/tramita: an application package is
// imported from the command line before the server starts (demo off), thirty items are saved
// through the API, and the list screen pages, sorts, filters, searches, hides columns and exports
// them (xlsx read back cell by cell, CSV). A package with errors is refused whole, with its lines.

const test = base;
test.describe.configure({ mode: 'serial' });

const PACKAGE = join(import.meta.dirname, '..', 'support', 'items-app.yaml');
const BROKEN = join(import.meta.dirname, '..', 'support', 'broken-app.yaml');
const KINDS = [
  { value: 'laptop', name: 'Notebook' },
  { value: 'monitor', name: 'Monitor' },
  { value: 'chair', name: 'Cadeira' },
];
const COUNT = 30;
const pad = (n: number) => String(n).padStart(2, '0');
/** The i-th item (1-based): price and usage in cents, so the form's two decimals hold. */
const itemOf = (i: number) => {
  const kind = KINDS[(i - 1) % KINDS.length]!;
  return {
    Title: `${kind.name} ${pad(i)}`,
    kind: kind.value,
    price: (100_000 + i * 11_111) / 100,
    acquired: `2025-03-${pad(i)}`,
    insured: i % 2 === 0,
    usage: (i * 325) / 100,
  };
};

let server: Server;
let page: Page;
let token = '';

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

async function shot(name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
}

const grid = () => page.getByRole('grid');
const summary = () => page.getByTestId('list-summary');
const headerOf = (field: string) => grid().locator(`[role=columnheader][data-field="${field}"]`);
const cell = (row: number, col: number) => grid().getByRole('row').nth(row).getByRole('gridcell').nth(col);

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
  const componentID = Number(/\/list\/(\d+)\//.exec(menu[0]!.link)![1]);
  for (let i = 1; i <= COUNT; i++) {
    await call('POST', '/genericItem/saveItem', { component: componentID, projectId: 0, item: itemOf(i) });
  }
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
    .catch(() => undefined); // a parallel run may have swept test-results
  await server?.stop();
});

test('a package with errors is refused with its lines, and nothing of it is imported', async () => {
  const res = spawnSync(binary, ['apps', 'import', BROKEN], { env: server.env, encoding: 'utf8', timeout: 60_000 });
  expect(res.status).not.toBe(0);
  expect(res.stderr).toContain('broken-app.yaml:10: attribute "size" has unknown type "HUGE"');
  expect(res.stderr).toContain('broken-app.yaml:11: attribute "color": picklist "missingList" is not defined');
  expect(res.stderr).toContain('broken-app.yaml:13: view "default": column "nowhere" is not a field');
  const apps = await call<{ name: string }[]>('GET', '/application/getAllowedApplications');
  expect(apps.map((a) => a.name)).toContain('Patrimônio E2E');
  expect(apps.map((a) => a.name)).not.toContain('Quebrado');
});

test('the imported application is on the desktop and its menu opens the list with formatted values', async () => {
  await signIn(page);
  await page.getByRole('button', { name: 'Patrimônio E2E' }).click();
  await expect(page).toHaveURL(/\/runtime\/\d+\/list\/\d+\/\d+\/\d+\/\d+\/Bens$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Bens' })).toBeVisible();
  await expect(summary()).toHaveText('Bem · 30 itens');
  // The pointer stays where the desktop's button was: over a header it adds the header's buttons to its name.
  await page.mouse.move(0, 0);
  for (const header of ['ID', 'TÍTULO', 'STATUS', 'TIPO', 'VALOR', 'AQUISIÇÃO', 'SEGURADO', 'USO']) {
    await expect(grid().getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  }
  // The view sorts by FormattedID: item 1 first. Cells: checkbox, ID, title, status, kind, price, date, boolean, percent.
  const first = itemOf(1);
  await expect(cell(1, 1)).toHaveText('1');
  await expect(cell(1, 2)).toHaveText(first.Title);
  await expect(cell(1, 3)).toHaveText('Em uso');
  await expect(cell(1, 4)).toHaveText('Notebook');
  await expect(cell(1, 5)).toHaveText(/^R\$\s1\.111,11$/);
  await expect(cell(1, 6)).toHaveText('01/03/2025');
  await expect(cell(1, 7)).toHaveText('Não');
  await expect(cell(1, 8)).toHaveText('3,25%');
  await expect(cell(2, 7)).toHaveText('Sim');
  await expect(page.getByText('1–25 de 30')).toBeVisible();
  await shot('list-pt-BR');
});

test('pages and changes the page size', async () => {
  // The view sorts by FormattedID, so the next page is asked by keyset (after the cursor of page 1).
  const keyset = page.waitForRequest(
    (r) =>
      r.url().endsWith('/api/genericItem/executeFilter') && Boolean((r.postDataJSON() as { after?: string }).after),
  );
  await page.getByRole('button', { name: 'Ir para a próxima página' }).click();
  await keyset;
  await expect(page.getByText('26–30 de 30')).toBeVisible();
  await expect(cell(1, 2)).toHaveText(itemOf(26).Title);
  await expect(grid().getByRole('row')).toHaveCount(6); // header + 5
  await page.getByRole('combobox', { name: /Linhas por página/ }).click();
  await page.getByRole('option', { name: '10', exact: true }).click();
  await expect(page.getByText('1–10 de 30')).toBeVisible();
  await expect(grid().getByRole('row')).toHaveCount(11);
});

test('sorts on the server by a column', async () => {
  const header = headerOf('price');
  await header.getByText('VALOR', { exact: true }).click();
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  await expect(cell(1, 2)).toHaveText(itemOf(1).Title);
  await header.getByText('VALOR', { exact: true }).click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  await expect(cell(1, 2)).toHaveText(itemOf(30).Title);
  await expect(cell(1, 5)).toHaveText(/^R\$\s4\.333,30$/);
});

test('filters a column and searches', async () => {
  const header = headerOf('Title');
  await header.hover();
  await header.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('menuitem', { name: 'Filtrar' }).click();
  await page.getByRole('textbox', { name: 'Valor' }).fill('monitor');
  await expect(summary()).toHaveText('Bem · 10 itens');
  await expect(cell(1, 2)).toHaveText(/^Monitor \d\d$/);
  await shot('list-filter');
  await page.keyboard.press('Escape');
  // An emptied filter value is no filter.
  await page.getByRole('button', { name: 'Filtros', exact: true }).click();
  await page.getByRole('textbox', { name: 'Valor' }).fill('');
  await expect(summary()).toHaveText('Bem · 30 itens');
  await page.keyboard.press('Escape');

  // A date range: the fifth to the ninth of March, five items.
  const acquired = headerOf('acquired');
  await acquired.hover();
  await acquired.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('menuitem', { name: 'Filtrar' }).click();
  await page.getByRole('combobox', { name: 'Operador' }).click();
  await page.getByRole('option', { name: 'entre', exact: true }).click();
  await page.getByLabel('De', { exact: true }).fill('2025-03-05');
  await page.getByLabel('Até', { exact: true }).fill('2025-03-09');
  await expect(summary()).toHaveText('Bem · 5 itens');
  // The filter's own remove button (labelled), not the toolbar's delete.
  await page.getByLabel('Excluir', { exact: true }).click();
  await expect(summary()).toHaveText('Bem · 30 itens');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Pesquisar', exact: true }).click();
  await page.getByRole('searchbox', { name: 'Pesquisar' }).fill('Cadeira');
  await expect(summary()).toHaveText('Bem · 10 itens');
  await page.getByRole('searchbox', { name: 'Pesquisar' }).fill('inexistente');
  await expect(grid().getByText('Nenhum registro encontrado')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Pesquisar' }).fill('');
  await expect(summary()).toHaveText('Bem · 30 itens');
});

test('hides a column, and remembers it', async () => {
  await page.getByRole('button', { name: 'Colunas', exact: true }).click();
  await page.getByRole('checkbox', { name: 'USO' }).uncheck();
  await page.keyboard.press('Escape');
  await expect(grid().getByRole('columnheader', { name: 'USO', exact: true })).toHaveCount(0);
  await page.reload();
  await expect(summary()).toHaveText('Bem · 30 itens');
  await expect(grid().getByRole('columnheader', { name: 'VALOR', exact: true })).toBeVisible();
  await expect(grid().getByRole('columnheader', { name: 'USO', exact: true })).toHaveCount(0);
  await expect(grid().getByRole('row')).toHaveCount(11); // page size 10 remembered too
});

test('exports the page as xlsx with typed cells, and as CSV', async () => {
  await page.getByRole('button', { name: 'Exportar', exact: true }).click();
  const [xlsx] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'Baixar como Excel (página)' }).click(),
  ]);
  expect(xlsx.suggestedFilename()).toMatch(/^Bem-\d{8}-\d{4}\.xlsx$/);
  const cells = readFirstSheet(readFileSync((await xlsx.path())!));
  expect(cells.get('A1')).toBe('ID');
  expect(cells.get('B1')).toBe('TÍTULO');
  expect(cells.get('A2')).toBe(1);
  expect(cells.get('B2')).toBe('Notebook 01');
  expect(cells.get('C2')).toBe('Em uso');
  expect(cells.get('D2')).toBe('Notebook');
  expect(cells.get('E2')).toBe(1111.11);
  expect(serialToDay(cells.get('F2') as number)).toBe('2025-03-01');
  expect(cells.get('G2')).toBe(false);
  expect(cells.get('B11')).toBe(itemOf(10).Title);
  expect(cells.has('B12')).toBe(false); // the page: 10 rows

  await page.getByRole('button', { name: 'Exportar', exact: true }).click();
  const [full] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'Baixar como Excel (lista completa)' }).click(),
  ]);
  const all = readFirstSheet(readFileSync((await full.path())!));
  expect(all.get('B31')).toBe(itemOf(30).Title);

  // The selected rows only.
  // A selection re-renders the grid (its toolbar shows the count): a click that lands during
  // that re-render is lost, so each box is ticked until it holds.
  const tick = (n: number, on: boolean) =>
    expect(async () => {
      await grid().getByRole('row').nth(n).getByRole('checkbox').setChecked(on, { timeout: 2000 });
    }).toPass({ timeout: 15_000 });
  await tick(2, true);
  await tick(4, true);
  await page.getByRole('button', { name: 'Exportar', exact: true }).click();
  const [chosen] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'Baixar como Excel (selecionados)' }).click(),
  ]);
  const picked = readFirstSheet(readFileSync((await chosen.path())!));
  expect([picked.get('B2'), picked.get('B3'), picked.has('B4')]).toEqual([itemOf(2).Title, itemOf(4).Title, false]);
  await tick(2, false);
  await tick(4, false);

  await page.getByRole('button', { name: 'Exportar', exact: true }).click();
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'Baixar como CSV' }).click(),
  ]);
  expect(csv.suggestedFilename()).toMatch(/^Bem-\d{8}-\d{4}\.csv$/);
  const lines = readFileSync((await csv.path())!, 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  expect(lines[0]).toBe('ID;TÍTULO;STATUS;TIPO;VALOR;AQUISIÇÃO;SEGURADO');
  expect(lines[1]).toMatch(/^1;Notebook 01;Em uso;Notebook;"?R\$\s1\.111,11"?;01\/03\/2025;Não$/);
  expect(lines).toHaveLength(11);
});

test('a row opens its edit form, and the list speaks English', async () => {
  await page.getByRole('button', { name: 'Mudar o idioma' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Bens' })).toBeVisible();
  await expect(summary()).toHaveText('Asset · 30 items');
  await expect(grid().getByRole('columnheader', { name: 'PRICE', exact: true })).toBeVisible();
  await expect(cell(1, 7)).toHaveText('No');
  await expect(cell(1, 5)).toHaveText(/^R\$\s?1,111\.11$/);
  await shot('list-en');
  await page.getByRole('button', { name: 'Change the language' }).click();
  await expect(summary()).toHaveText('Bem · 30 itens');
  await cell(1, 4).click();
  await expect(page).toHaveURL(/\/runtime\/\d+\/editItem\/\d+\/\d+\/\d+$/);
});
