import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, signIn } from '../support/fixtures';
import { apiToken } from '../support/formsApi';

// The calendar view (issue 16) of Gestão de Projetos: the demo tasks stand
// from their start to their due date (apps/demo/project-management.yaml's
// calendar view). The demo's tasks were created in 2025, dozens a month; one
// of them is first placed in February 2026, a month of its own, so its bar
// is there to drag whatever the busy days show.

interface CalendarItem {
  itemId: number;
  componentId: number;
  FormattedID: number;
  Title: string;
  start: string | null;
  finish: string | null;
  canEdit: boolean;
}

const MONTH = '2025-03-01';

/** A text as a regular expression matching it. */
const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** 2026-02-10 as the pt-BR calendar says it: 10/02. */
const short = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;

/** The application's id: the desktop's tile opens /runtime/{id}. */
async function projectsApp(page: Page): Promise<number> {
  await page.getByRole('button', { name: 'Gestão de Projetos' }).click();
  await expect(page).toHaveURL(/\/runtime\/\d+/);
  return Number(/\/runtime\/(\d+)/.exec(page.url())![1]);
}

// One token per request context: each sign-in costs a password hash.
const tokens = new WeakMap<APIRequestContext, Promise<string>>();

async function api<T>(request: APIRequestContext, path: string, data: unknown, language = 'pt-BR') {
  if (!tokens.has(request)) tokens.set(request, apiToken(request));
  const res = await request.post(`/api/calendar/${path}`, {
    headers: { Authorization: `Bearer ${await tokens.get(request)!}`, 'Accept-Language': language },
    data,
  });
  return { status: res.status(), body: (await res.json()) as T };
}

/** A demo task of March 2025 with both dates, the admin's to change. */
async function demoTask(request: APIRequestContext, appId: number): Promise<CalendarItem> {
  const { status, body } = await api<{ events: CalendarItem[] }>(request, 'getCalendarItems', {
    applicationId: appId,
    from: MONTH,
    to: '2025-04-01',
  });
  expect(status).toBe(200);
  const task = body.events.find((e) => e.canEdit && e.start && e.finish);
  expect(task).toBeDefined();
  return task!;
}

test('a task dragged to another week keeps its length, is saved and its history says so', async ({
  page,
  request,
}, testInfo) => {
  // Two sign-ins, three calendars, a form: more than the default minute on a busy machine.
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1600, height: 1000 });
  await signIn(page);
  const appId = await projectsApp(page);
  // The menu leads to the calendar, on today's month.
  await page.getByRole('complementary', { name: 'Menu do aplicativo' }).getByRole('link', { name: 'Agenda' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Agenda' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Hoje' })).toBeVisible();

  // The demo's March 2025, busy with tasks coloured by status.
  await page.goto(`/runtime/${appId}/calendar/Agenda?date=${MONTH}`);
  await expect(page.getByRole('heading', { level: 2, name: 'março de 2025' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(/Tarefa · \d+ itens neste período/);
  await page.screenshot({ path: testInfo.outputPath('calendar-month-pt-BR.png') });

  // A demo task placed from Tuesday 3 to Thursday 5 February 2026.
  const task = await demoTask(request, appId);
  const placed = await api(request, 'moveCalendarItem', {
    itemId: task.itemId,
    componentId: task.componentId,
    start: '2026-02-03',
    finish: '2026-02-05',
  });
  expect(placed.status).toBe(200);
  await page.goto(`/runtime/${appId}/calendar/Agenda?date=2026-02-01`);
  await expect(page.getByRole('heading', { level: 2, name: 'fevereiro de 2026' })).toBeVisible();
  const name = `#${task.FormattedID} ${task.Title}`;
  const event = page.getByRole('button', { name: new RegExp(`^${literal(name)}, 03/02 a 05/02, `) });
  await expect(event).toBeVisible();

  // Dragged a week later by its first day, onto the Tuesday below.
  const box = (await event.boundingBox())!;
  const cell = (await page.locator('td.fc-daygrid-day[data-date="2026-02-10"]').boundingBox())!;
  await page.mouse.move(box.x + 10, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + 20, box.y + box.height / 2 + 10, { steps: 5 });
  await page.mouse.move(cell.x + 10, cell.y + cell.height / 2, { steps: 15 });
  await page.mouse.up();
  await expect(page.getByText(`Tarefa ${task.FormattedID}: datas alteradas.`)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('calendar-moved-pt-BR.png') });

  // Saved: after a reload the task stands on its new days, as long as before.
  await page.reload();
  const moved = page.getByRole('button', {
    name: new RegExp(`^${literal(name)}, ${short('2026-02-10')} a ${short('2026-02-12')}, `),
  });
  await expect(moved).toBeVisible();

  // Enter opens the item form; its history names the calendar edit.
  await moved.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/editItem/${task.componentId}/${task.itemId}/`));
  await page.getByRole('tab', { name: 'Arquivos e histórico' }).click();
  await expect(page.getByRole('region', { name: 'Histórico' })).toContainText('Edição na agenda');
});

test('a finish before the start is refused with the server’s message', async ({ request, page }) => {
  await signIn(page);
  const appId = await projectsApp(page);
  const task = await demoTask(request, appId);
  const { status, body } = await api<{ Message: string }>(
    request,
    'moveCalendarItem',
    { itemId: task.itemId, componentId: task.componentId, start: '2025-03-10', finish: '2025-03-09' },
    'en',
  );
  expect(status).toBe(400);
  expect(body.Message.split('##DETAILEDERROR##')[0]).toBe('The finish cannot be before the start.');
});

test('the calendar in English and dark mode, week view', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page);
  const appId = await projectsApp(page);
  await page.evaluate(() => {
    localStorage.setItem('themeMode', 'dark');
    localStorage.setItem('language', 'en');
  });
  await page.goto(`/runtime/${appId}/calendar/Agenda?date=${MONTH}`);
  await expect(page.getByRole('heading', { level: 2, name: 'March 2025' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(/\d+ items in this period/);
  await page.screenshot({ path: testInfo.outputPath('calendar-month-en-dark.png') });
  await page.getByRole('button', { name: 'Week', exact: true }).click();
  await expect(page).toHaveURL(/view=timeGridWeek/);
  await page.screenshot({ path: testInfo.outputPath('calendar-week-en-dark.png') });
});
