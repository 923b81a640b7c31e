import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { dateInput, typeDate } from '../support/dates';
import { apiToken } from '../support/formsApi';

// The schedule (Gantt) of the demo's "Transformação Digital" (issue 16; internal/items/demo/plan.go:
// nine phases, tasks, milestones and links of the four kinds), as the administrator: opened from the
// menu, a task dragged past its float moves its successor and becomes critical, two tasks linked by
// dragging from one bar to another, the MS Project XML downloaded. Screenshots of the screen in light
// and dark mode go to the output folder.

interface Task {
  id: number;
  FormattedID: number;
  Title: string;
  responsible: string;
  parentId: number;
  outline: string;
  level: number;
  summary: boolean;
  milestone: boolean;
  start: string;
  finish: string;
  totalFloat: number;
  progress: number;
  critical: boolean;
}

interface Schedule {
  projectId: number;
  viewId: number;
  tasks: Task[];
  links: { predecessorId: number; successorId: number; type: string; lag: number }[];
}

const PROJECT = 'Transformação Digital';

async function scheduleOf(request: APIRequestContext, projectId: number): Promise<Schedule> {
  const headers = { Authorization: `Bearer ${await apiToken(request)}` };
  const res = await request.post('/api/genericItem/getSchedule', { headers, data: { projectId, viewId: 0 } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as Schedule;
}

/** Opens the menu's "Cronograma" of Gestão de Projetos and picks the project. */
async function openSchedule(page: Page): Promise<void> {
  await page.goto('/app');
  await page.getByRole('button', { name: 'Gestão de Projetos' }).click();
  await page
    .getByRole('complementary', { name: 'Menu do aplicativo' })
    .getByRole('link', { name: 'Cronograma' })
    .click();
  await expect(page).toHaveURL(/\/runtime\/\d+\/schedule\/\d+\/Cronograma/);
  await page.getByRole('combobox', { name: 'Projeto' }).click();
  await page.getByRole('option', { name: PROJECT }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Cronograma — ${PROJECT}`);
  await expect(page.getByRole('link', { name: /^Abrir #\d+ Iniciação$/ })).toBeVisible({ timeout: 20_000 });
}

const bar = (page: Page, task: Task) => page.locator(`.wx-bar[data-task-id="${task.id}"]`);

test('the demo schedule shows phases, tasks and milestones, in light and dark mode', async ({
  adminPage: page,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1600, height: 1000 });
  await openSchedule(page);
  const projectId = Number(new URL(page.url()).searchParams.get('project'));
  expect(projectId).toBeGreaterThan(0);
  const schedule = await scheduleOf(page.request, projectId);
  const phase = schedule.tasks.find((t) => t.summary)!;
  const milestone = schedule.tasks.find((t) => t.milestone)!;
  const critical = schedule.tasks.find((t) => t.critical && !t.summary && !t.milestone)!;
  await expect(bar(page, phase)).toHaveClass(/wx-summary/);
  await expect(page.getByText(/\d+ tarefas · \d+ críticas/)).toBeVisible();
  // A bar's name says its number, title, dates and whether it is critical.
  await bar(page, critical).scrollIntoViewIfNeeded();
  await expect(bar(page, critical)).toContainText(
    new RegExp(`#${critical.FormattedID} .*, \\d\\d/\\d\\d/\\d{4} a \\d\\d/\\d\\d/\\d{4}, crítica`),
  );
  await expect(bar(page, milestone)).toHaveClass(/wx-milestone/);
  // The responsible's column, past the dates the grid opens on (its resizer shows it).
  expect(phase.responsible).not.toBe('');
  await expect(page.locator('.wx-grid').getByText('Responsável', { exact: true })).toBeAttached();
  await expect(page.locator('.wx-grid').getByText(phase.responsible, { exact: true }).first()).toBeAttached();
  await page.screenshot({ path: testInfo.outputPath('schedule-light.png') });
  await page.getByRole('banner').getByRole('button', { name: 'Modo escuro' }).click();
  await expect(page.getByRole('link', { name: /^Abrir #\d+ Iniciação$/ })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('schedule-dark.png') });
});

/** Days from one YYYY-MM-DD day to another. */
const daysBetween = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

/** Scrolls the time scale so that the task's bar starts near its left edge. */
async function scrollTo(page: Page, task: Task) {
  await page.evaluate((id) => {
    const el = document.querySelector<HTMLElement>(`.wx-bar[data-task-id="${id}"]`);
    const chart = el?.closest<HTMLElement>('.wx-chart');
    if (el && chart) chart.scrollLeft = Math.max(0, el.offsetLeft - 80);
  }, task.id);
}

test('a task dragged past its float moves its successor and becomes critical', async ({ adminPage: page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1600, height: 1000 });
  await openSchedule(page);
  const before = await scheduleOf(page.request, Number(new URL(page.url()).searchParams.get('project')));
  // A task near the top with some float and a successor after its finish.
  const top = before.tasks.slice(0, 14);
  const candidate = top
    .filter((t) => !t.summary && !t.milestone && t.totalFloat > 0 && t.totalFloat <= 8)
    .map((t) => ({ t, link: before.links.find((l) => l.predecessorId === t.id && l.type === 'FS') }))
    .find((c) => c.link && !before.tasks.find((s) => s.id === c.link!.successorId)!.summary);
  expect(candidate, 'a task with float and an FS successor near the top of the demo plan').toBeDefined();
  const task = candidate!.t;
  const successor = before.tasks.find((s) => s.id === candidate!.link!.successorId)!;

  await page.getByRole('button', { name: 'Dia', exact: true }).click();
  await scrollTo(page, task);
  const box = (await bar(page, task).boundingBox())!;
  // Past the float in working days, counted in calendar days (a day is 30 px on the day scale).
  const calendarDays = Math.ceil(((task.totalFloat + 3) * 7) / 5) + 1;
  const moved = page.waitForResponse((r) => r.url().endsWith('/api/genericItem/moveScheduleTask'));
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + calendarDays * 30, box.y + box.height / 2, { steps: 12 });
  await page.mouse.up();
  const response = await moved;
  expect(response.status(), await response.text()).toBe(200);
  const after = (await response.json()) as Schedule;
  const movedTask = after.tasks.find((t) => t.id === task.id)!;
  const movedSuccessor = after.tasks.find((t) => t.id === successor.id)!;
  expect(daysBetween(task.start, movedTask.start)).toBeGreaterThanOrEqual(calendarDays - 3);
  expect(movedSuccessor.start > successor.start).toBe(true);
  expect(task.critical).toBe(false);
  expect(movedTask.critical).toBe(true);
  // The screen shows the server's answer: the bar is now named critical.
  await expect(bar(page, task)).toContainText(', crítica');

  // By keyboard: the selected task's dates in a dialog, a week later, saved with Enter.
  const later = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
  const digits = (day: string) => day.split('-').reverse().join('');
  const [start, finish] = [later(movedTask.start), later(movedTask.finish)];
  // SVAR takes the first click after a drag as the drag's end: a person clicks again.
  const editDates = page.getByRole('button', { name: 'Alterar datas…' });
  await expect(async () => {
    await bar(page, task).click();
    await expect(editDates).toBeEnabled({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await editDates.click();
  const dialog = page.getByRole('dialog', { name: `Datas de #${task.FormattedID} ${task.Title}` });
  await typeDate(page, dateInput(dialog, 'Início'), digits(start));
  await typeDate(page, dateInput(dialog, 'Término'), digits(finish));
  const typed = page.waitForResponse((r) => r.url().endsWith('/api/genericItem/moveScheduleTask'));
  await page.keyboard.press('Enter');
  const saved = (await (await typed).json()) as Schedule;
  expect(saved.tasks.find((t) => t.id === task.id)).toMatchObject({ start, finish });
  await expect(dialog).toBeHidden();

  // The progress handle: dragged a third of the bar towards the side with room, saved as a percent.
  const was = saved.tasks.find((t) => t.id === task.id)!.progress;
  await scrollTo(page, task);
  await bar(page, task).hover();
  const marker = bar(page, task).locator('.wx-progress-marker');
  await expect(marker).toBeVisible();
  const [barBox, handle] = [(await bar(page, task).boundingBox())!, (await marker.boundingBox())!];
  const dx = ((was >= 50 ? -1 : 1) * barBox.width) / 3;
  const progressed = page.waitForResponse((r) => r.url().endsWith('/api/genericItem/setScheduleProgress'));
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(handle.x + handle.width / 2 + dx, handle.y + handle.height / 2, { steps: 8 });
  await page.mouse.up();
  const answer = await progressed;
  expect(answer.status(), await answer.text()).toBe(200);
  const now = ((await answer.json()) as Schedule).tasks.find((t) => t.id === task.id)!.progress;
  expect(Math.abs(now - was)).toBeGreaterThanOrEqual(20);
  await expect(page.getByText(`Progresso de #${task.FormattedID} ${task.Title}: ${now}%.`)).toBeVisible();
  const stored = await scheduleOf(page.request, Number(new URL(page.url()).searchParams.get('project')));
  expect(stored.tasks.find((t) => t.id === task.id)!.progress).toBe(now);
});

/** The tasks that come after a task through its links, at any depth. */
function after(schedule: Schedule, id: number): Set<number> {
  const seen = new Set<number>();
  const walk = (from: number) => {
    for (const l of schedule.links) {
      if (l.predecessorId === from && !seen.has(l.successorId)) {
        seen.add(l.successorId);
        walk(l.successorId);
      }
    }
  };
  walk(id);
  return seen;
}

test('two tasks are linked by dragging from one bar to another, and the schedule downloads as MS Project XML', async ({
  adminPage: page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1600, height: 1000 });
  await openSchedule(page);
  const projectId = Number(new URL(page.url()).searchParams.get('project'));
  const before = await scheduleOf(page.request, projectId);
  // Two tasks near the top, close in time, not linked either way, the second not before the first.
  const top = before.tasks.slice(0, 14).filter((t) => !t.summary && !t.milestone);
  let pair: [Task, Task] | undefined;
  for (const a of top) {
    for (const b of top) {
      const gap = daysBetween(a.finish, b.start);
      if (a.id === b.id || gap < 0 || gap > 30) continue;
      if (after(before, b.id).has(a.id) || before.links.some((l) => l.predecessorId === a.id && l.successorId === b.id))
        continue;
      pair ??= [a, b];
    }
  }
  expect(pair, 'two unlinked tasks near the top of the demo plan').toBeDefined();
  const [first, second] = pair!;

  await page.getByRole('button', { name: 'Semana', exact: true }).click();
  await scrollTo(page, first);
  // The end of the first bar, then the start of the second: finish to start, with two days of lag.
  await bar(page, first).hover();
  await bar(page, first).locator('.wx-link.wx-right').click();
  await bar(page, second).hover();
  await bar(page, second).locator('.wx-link.wx-left').click();
  const dialog = page.getByRole('dialog', { name: 'Nova dependência' });
  await expect(dialog).toContainText(`#${second.FormattedID} ${second.Title} depende de #${first.FormattedID}`);
  await expect(dialog.getByRole('combobox', { name: 'Tipo' })).toContainText('Término para início (TI)');
  await dialog.getByRole('textbox', { name: 'Defasagem (dias úteis)' }).fill('2');
  const linked = page.waitForResponse((r) => r.url().endsWith('/api/genericItem/addPredecessor'));
  await dialog.getByRole('button', { name: 'Criar dependência' }).click();
  const response = await linked;
  expect(response.status(), await response.text()).toBe(200);
  await expect(page.getByText('Dependência criada: Término para início (TI), +2 d.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect
    .poll(async () => {
      const l = (await scheduleOf(page.request, projectId)).links.find(
        (l) => l.predecessorId === first.id && l.successorId === second.id,
      );
      return l && `${l.type} ${l.lag}`;
    })
    .toBe('FS 2');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Baixar MS Project XML' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${PROJECT}.xml`);
  const xml = await (await file.createReadStream()).toArray();
  const text = Buffer.concat(xml).toString('utf8');
  expect(text).toContain('<Project xmlns="http://schemas.microsoft.com/project">');
  expect(text).toContain(`<Name>${PROJECT}</Name>`);
  expect(text).toContain(`<UID>${second.id}</UID>`);
});

test('a baseline is saved and shows the slip of a task moved since', async ({ adminPage: page }, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1600, height: 1000 });
  await openSchedule(page);
  const projectId = Number(new URL(page.url()).searchParams.get('project'));
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/genericItem/saveScheduleBaseline'));
  await page.getByRole('button', { name: 'Salvar linha de base…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Salvar linha de base' });
  await dialog.getByRole('textbox', { name: 'Nome' }).fill('Plano aprovado');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText('Linha de base "Plano aprovado" salva.')).toBeVisible();
  const compare = page.getByRole('combobox', { name: 'Comparar com a linha de base' });
  await expect(compare).toContainText('Plano aprovado');
  await expect(page.getByText('Var. término')).toBeVisible();
  await expect(page.getByText('+5 d')).toHaveCount(0);

  // A task a week (five working days) later, moved by another way: the comparison shows the slip.
  const before = await scheduleOf(page.request, projectId);
  const task = before.tasks.find((t) => !t.summary && !t.milestone)!;
  const later = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
  const headers = { Authorization: `Bearer ${await apiToken(page.request)}` };
  const res = await page.request.post('/api/genericItem/moveScheduleTask', {
    headers,
    data: { projectId, viewId: before.viewId, itemId: task.id, start: later(task.start), finish: later(task.finish) },
  });
  expect(res.status(), await res.text()).toBe(200);
  await page.reload();
  await expect(page.getByRole('link', { name: /^Abrir #\d+ Iniciação$/ })).toBeVisible({ timeout: 20_000 });
  const compared = page.waitForResponse(
    (r) => r.url().endsWith('/api/genericItem/getSchedule') && /"baselineId":[1-9]/.test(r.request().postData() ?? ''),
  );
  await compare.click();
  await page.getByRole('option', { name: /^Plano aprovado/ }).click();
  const withBaseline = (await (await compared).json()) as {
    tasks: (Task & { startVariance?: number; finishVariance?: number })[];
  };
  expect(withBaseline.tasks.find((t) => t.id === task.id)).toMatchObject({ startVariance: 5, finishVariance: 5 });
  await expect(page.getByText('+5 d').first()).toBeVisible();
  // The baseline is drawn under the bars, a week before the moved task's bar, with a legend.
  await expect(page.getByText('Linha de base', { exact: true })).toBeVisible();
  await scrollTo(page, task);
  const moved = bar(page, task);
  await expect(moved).toContainText(', linha de base de ');
  const [barBox, baseBox] = [await moved.boundingBox(), await moved.locator('.schedule-baseline').boundingBox()];
  expect(baseBox!.y).toBeGreaterThanOrEqual(barBox!.y + barBox!.height - 1);
  expect(baseBox!.x).toBeLessThan(barBox!.x - 10);
  expect(Math.abs(baseBox!.width - barBox!.width)).toBeLessThanOrEqual(2);
  await page.screenshot({ path: testInfo.outputPath('schedule-baseline.png') });
});

test('a task is indented under the task above it and outdented back, by the toolbar and the keyboard', async ({
  adminPage: page,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1600, height: 1000 });
  await openSchedule(page);
  const projectId = Number(new URL(page.url()).searchParams.get('project'));
  const before = await scheduleOf(page.request, projectId);
  // A task whose previous sibling may become its summary: not linked to it, and with no link a
  // summary does not take (FF or SF into one, SS or SF from one).
  const linked = (a: number, b: number) =>
    before.links.some(
      (l) => (l.predecessorId === a && l.successorId === b) || (l.predecessorId === b && l.successorId === a),
    );
  const mayBeSummary = (id: number) =>
    before.links.every(
      (l) =>
        (l.successorId !== id || l.type === 'FS' || l.type === 'SS') &&
        (l.predecessorId !== id || l.type === 'FS' || l.type === 'FF'),
    );
  const pairs = before.tasks.flatMap((t, i) => {
    const above = before.tasks
      .slice(0, i)
      .reverse()
      .find((p) => p.level <= t.level);
    return above && above.level === t.level && above.parentId === t.parentId ? [[above, t] as const] : [];
  });
  const pair = pairs.find(([p, t]) => !t.summary && !p.summary && !linked(p.id, t.id) && mayBeSummary(p.id));
  expect(pair, 'a task that may be indented under the one above it').toBeDefined();
  const [above, task] = pair!;
  const row = page.locator('.wx-row', {
    has: page.getByRole('link', { name: `Abrir #${task.FormattedID} ${task.Title}` }),
  });

  await scrollTo(page, task);
  await bar(page, task).click();
  const indented = page.waitForResponse((r) => r.url().endsWith('/api/genericItem/setScheduleParent'));
  await page.getByRole('button', { name: 'Aumentar recuo' }).click();
  const response = await indented;
  expect(response.status(), await response.text()).toBe(200);
  await expect(row).toContainText(`${above.outline}.1`);
  await expect(page.getByText(`agora é ${above.outline}.1.`)).toBeVisible();
  await expect(bar(page, above)).toHaveClass(/wx-summary/);
  await page.screenshot({ path: testInfo.outputPath('schedule-indented.png') });

  await page.reload();
  await expect(row).toContainText(`${above.outline}.1`, { timeout: 20_000 });
  expect((await scheduleOf(page.request, projectId)).tasks.find((t) => t.id === task.id)?.parentId).toBe(above.id);

  // By keyboard: Alt+Shift+← on the selected bar puts the task back after its old summary.
  await scrollTo(page, task);
  await bar(page, task).click();
  const outdented = page.waitForResponse((r) => r.url().endsWith('/api/genericItem/setScheduleParent'));
  await page.keyboard.press('Alt+Shift+ArrowLeft');
  expect((await outdented).status()).toBe(200);
  await expect(row).toContainText(task.outline);
  const after = (await scheduleOf(page.request, projectId)).tasks.find((t) => t.id === task.id);
  expect(after).toMatchObject({ parentId: task.parentId, outline: task.outline });
});

test('an MS Project file is imported into an empty project, asking the priority the file lacks', async ({
  adminPage: page,
}, testInfo) => {
  test.setTimeout(120_000);
  const name = `Obra importada ${Date.now()}`;
  const headers = { Authorization: `Bearer ${await apiToken(page.request)}` };
  const created = await page.request.post('/api/project/saveProject', { headers, data: { name } });
  expect(created.status(), await created.text()).toBe(200);
  const projectId = ((await created.json()) as { id: number }).id;

  await openSchedule(page);
  const url = new URL(page.url());
  url.searchParams.set('project', String(projectId));
  await page.goto(url.pathname + url.search);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Cronograma — ${name}`);
  await expect(page.getByText('Este projeto não tem tarefas no cronograma.')).toBeVisible();

  await page.getByRole('button', { name: 'Importar do MS Project…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importar um cronograma do MS Project' });
  await dialog
    .locator('input[type=file]')
    .setInputFiles('../internal/schedule/msproject/testdata/task-links-project2019-mspdi.xml');
  await expect(dialog.getByText('task-links-project2019-mspdi.xml')).toBeVisible();
  // The demo's tasks require a priority, which a file does not hold.
  await dialog.getByRole('combobox', { name: /Prioridade/ }).click();
  await page.getByRole('option', { name: 'Média' }).click();
  await page.screenshot({ path: testInfo.outputPath('schedule-import.png') });
  await dialog.getByRole('button', { name: 'Importar' }).click();
  await expect(page.getByText(/^\d+ tarefas importadas, com \d+ vínculos\.$/)).toBeVisible({ timeout: 30_000 });
  await expect(dialog).toBeHidden();
  const imported = await scheduleOf(page.request, projectId);
  expect(imported.tasks.length).toBeGreaterThan(5);
  expect(imported.links.length).toBeGreaterThan(0);
  await expect(page.locator('.wx-bar').first()).toBeVisible();
});
