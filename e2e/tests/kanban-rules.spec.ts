import { join } from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { apiToken } from '../support/formsApi';

// Issue 8 in the browser, on a test package (e2e/support/kanban-rules-app.yaml, imported from the
// command line before the server starts): a validation rule that never ends is stopped by the
// 2 s limit and reported while the server keeps answering, the same for a form button's rule; the
// menu entry naming the board by keys opens it and is marked as the current one; the board shows
// only the cards of its package query; the package's WIP limits warn when a column passes them,
// and refuse when the package says they are strict.

const PACKAGE = join(import.meta.dirname, '..', 'support', 'kanban-rules-app.yaml');
test.use({ serverOptions: { env: { TRAMITA_DEMO: 'false' }, before: [['apps', 'import', PACKAGE]] } });
test.describe.configure({ mode: 'serial' });

const TIMEOUT_MESSAGE =
  /^A regra de negócio card\.\w+ foi interrompida por exceder o tempo limite \(linha \d+\)\. Avise o administrador da aplicação\.$/;

interface BoardRef {
  id: number;
  key: string;
  componentId: number;
  applicationId: number;
  link: string;
}

interface Saved {
  id: number;
  FormattedID: number;
}

async function cardBoard(request: APIRequestContext, token: string, key = 'card.board'): Promise<BoardRef> {
  const res = await request.get('/api/kanban/getBoards', { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  const board = ((await res.json()) as BoardRef[]).find((b) => b.key === key);
  expect(board).toBeDefined();
  return board!;
}

/** A card saved through the API and moved to Fazendo by the action "Começar" (no rule). */
async function cardInDoing(
  request: APIRequestContext,
  token: string,
  board: BoardRef,
  item: Record<string, unknown>,
): Promise<Saved> {
  const headers = { Authorization: `Bearer ${token}` };
  const saved = await request.post('/api/genericItem/saveItem', {
    headers,
    data: { component: board.componentId, projectId: 0, item },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const card = (await saved.json()) as Saved;
  const moved = await request.post('/api/genericItem/triggerAction', {
    headers,
    data: { ids: [card.id], componentId: board.componentId, action: 'start' },
  });
  expect(moved.status(), await moved.text()).toBe(200);
  return card;
}

// Wide enough for the four columns side by side: a drop on a column scrolled half out of view misses.
test.use({ viewport: { width: 1600, height: 900 } });

const column = (page: Page, name: string) => page.locator(`[data-status-id][aria-label="Coluna ${name}"]`);

/** Drags a card onto a cell once it may be dragged: shown, and no move of it still running. */
async function drag(source: Locator, target: Locator) {
  await expect(source).toBeVisible();
  await expect(source).not.toHaveAttribute('aria-busy', 'true');
  await source.dragTo(target);
}

test('a validation rule that never ends is stopped by the time limit and reported; the card stays and the server keeps answering', async ({
  adminPage: page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const token = await apiToken(request);
  const board = await cardBoard(request, token);
  const stamp = Date.now() % 100000;
  const looping = await cardInDoing(request, token, board, { Title: `Laço infinito ${stamp}` });
  await cardInDoing(request, token, board, { Title: `Segundo ${stamp}` });
  await cardInDoing(request, token, board, { Title: `Terceiro ${stamp}` });
  const archived = await cardInDoing(request, token, board, { Title: `Arquivado ${stamp}`, archived: true });
  const loopLabel = `Cartão ${looping.FormattedID}: Laço infinito ${stamp}`;

  // The menu entry names the board by keys; the import made it the board's address, so the
  // entry is marked as the current page once followed.
  await page.goto('/app');
  await page.getByRole('button', { name: 'Quadro de Regras E2E' }).click();
  const sidebar = page.getByRole('complementary', { name: 'Menu do aplicativo' });
  const entry = sidebar.getByRole('link', { name: 'Quadro de cartões' });
  await entry.click();
  await expect(page).toHaveURL(
    new RegExp(`/runtime/${board.applicationId}/kanban/${board.id}/Quadro%20de%20cart%C3%B5es$`),
  );
  await expect(page.getByRole('heading', { level: 1, name: 'Quadro de cartões' })).toBeVisible();
  await expect(entry).toHaveClass(/Mui-selected/);

  // The package's query (Ativos) keeps the archived card off the board and out of the count;
  // Fazendo holds three cards against the package's limit of two: a warning, not a refusal.
  await expect(page.getByText('Cartão · 3 cartões · quadro restrito a Ativos')).toBeVisible();
  await expect(column(page, 'Fazendo').getByLabel(loopLabel)).toBeVisible();
  await expect(page.getByLabel(`Cartão ${archived.FormattedID}: Arquivado ${stamp}`)).toHaveCount(0);
  await expect(page.getByLabel('Limite WIP: 3/2')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Acima do limite WIP (2)' })).toBeVisible();
  await expect(page.getByLabel('Limite WIP: 0/1')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('board-wip-over.png') });

  // Fazendo → Revisão runs "Enviar para revisão", whose rule loops forever. While it runs, the
  // server answers another call; then the 2 s limit stops it and its message is shown.
  const trigger = page.waitForRequest((r) => r.url().endsWith('/api/genericItem/triggerAction'));
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/genericItem/triggerAction'));
  await drag(column(page, 'Fazendo').getByLabel(loopLabel), column(page, 'Revisão'));
  await trigger;
  const meanwhile = await request.get('/api/kanban/getBoards', { headers: { Authorization: `Bearer ${token}` } });
  expect(meanwhile.status()).toBe(200);
  expect((await answer).status()).toBe(500);
  const alert = page.getByText(TIMEOUT_MESSAGE);
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('card.submit');
  await page.screenshot({ path: testInfo.outputPath('endless-rule-stopped.png') });
  await expect(column(page, 'Fazendo').getByLabel(loopLabel)).toBeVisible();
  await expect(column(page, 'Revisão').getByLabel(loopLabel)).toHaveCount(0);
  const stored = await request.get(`/api/kanban/getBoard?viewID=${board.id}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const columns = ((await stored.json()) as { columns: { key: string; cards: { id: number }[] }[] }).columns;
  expect(columns.find((c) => c.key === 'doing')!.cards.map((c) => c.id)).toContain(looping.id);
  expect(columns.find((c) => c.key === 'review')!.cards).toHaveLength(0);

  // The server is fine: the same card goes to Feito by "Concluir" (no rule), and Fazendo is
  // back at its limit, without the warning.
  await drag(column(page, 'Fazendo').getByLabel(loopLabel), column(page, 'Feito'));
  await expect(page.getByText('1 item tramitado para Feito.')).toBeVisible();
  await expect(column(page, 'Feito').getByLabel(loopLabel)).toBeVisible();
  await expect(page.getByLabel('Limite WIP: 2/2')).toBeVisible();
  await expect(page.getByRole('img', { name: /Acima do limite WIP/ })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('board-after.png') });
});

test('a form button whose rule never ends reports the time limit and changes nothing', async ({
  adminPage: page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const token = await apiToken(request);
  const board = await cardBoard(request, token);
  const stamp = Date.now() % 100000;
  const card = await cardInDoing(request, token, board, { Title: `Botão sem fim ${stamp}`, notes: 'antes' });

  await page.goto('/app');
  await page.goto(`/runtime/${board.applicationId}/editItem/${board.componentId}/${card.id}/0`);
  await expect(page.getByRole('textbox', { name: 'Título' })).toHaveValue(`Botão sem fim ${stamp}`);
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/genericItem/executeFormBusinessRule'));
  await page.getByRole('button', { name: 'Contar para sempre' }).click();
  expect((await answer).status()).toBe(500);
  const alert = page.getByText(TIMEOUT_MESSAGE);
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('card.countForever');
  await expect(page.getByRole('textbox', { name: 'Notas' })).toHaveValue('antes');
  await page.screenshot({ path: testInfo.outputPath('endless-button-rule.png') });
});

test('a strict WIP limit refuses the drop without asking, and the server refuses the move too', async ({
  adminPage: page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const token = await apiToken(request);
  const headers = { Authorization: `Bearer ${token}` };
  const board = await cardBoard(request, token, 'order.board');
  const stamp = Date.now() % 100000;
  const saved: Saved[] = [];
  for (const title of [`Pedido da papelaria ${stamp}`, `Pedido da copa ${stamp}`]) {
    const res = await request.post('/api/genericItem/saveItem', {
      headers,
      data: { component: board.componentId, projectId: 0, item: { Title: title } },
    });
    expect(res.status(), await res.text()).toBe(200);
    saved.push((await res.json()) as Saved);
  }
  // The first order takes Separação's only place.
  const packed = await request.post('/api/genericItem/triggerAction', {
    headers,
    data: { ids: [saved[0]!.id], componentId: board.componentId, action: 'pack' },
  });
  expect(packed.status(), await packed.text()).toBe(200);

  await page.goto('/app');
  await page.getByRole('button', { name: 'Quadro de Regras E2E' }).click();
  await page.getByRole('complementary', { name: 'Menu do aplicativo' }).getByRole('link', { name: 'Pedidos' }).click();
  await expect(page).toHaveURL(new RegExp(`${board.link}$`));
  const second = `Pedido ${saved[1]!.FormattedID}: Pedido da copa ${stamp}`;
  await expect(column(page, 'Novo').getByLabel(second)).toBeVisible();
  await expect(page.getByLabel('Limite WIP: 1/1')).toBeVisible();
  await drag(column(page, 'Novo').getByLabel(second), column(page, 'Separação'));
  await expect(page.getByText('A coluna Separação está no limite WIP (1) e não aceita mais cartões.')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0); // no "Mover mesmo assim?"
  await page.screenshot({ path: testInfo.outputPath('strict-wip-refused.png') });
  await expect(column(page, 'Novo').getByLabel(second)).toBeVisible();
  await expect(column(page, 'Separação').getByLabel(second)).toHaveCount(0);

  const refused = await request.post('/api/genericItem/triggerAction', {
    headers: { ...headers, 'Accept-Language': 'pt-BR' },
    data: { ids: [saved[1]!.id], componentId: board.componentId, action: 'pack' },
  });
  expect(refused.status()).toBe(422);
  expect(((await refused.json()) as { Message: string }).Message).toContain(
    'A coluna Separação do quadro Pedidos está no limite WIP (1) e não aceita mais itens.',
  );
});
