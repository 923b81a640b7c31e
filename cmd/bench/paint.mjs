// First contentful paint and largest contentful paint of three screens in
// Chromium, for cmd/bench (web.go runs it): the login page, the desktop and
// the task list of the demo application. Playwright comes from
// e2e/node_modules (npm ci in e2e/) and drives Debian's Chromium, as the
// end-to-end tests do.
//
//   node cmd/bench/paint.mjs BASE_URL LOGIN PASSWORD RUNS
//
// Each run measures every screen on a new page whose HTTP cache is disabled
// (Network.setCacheDisabled), so every load fetches index.html and its
// scripts from the server: a first visit. The desktop and the list need a
// session: each run signs in once through the login page of its own browser
// context (not measured) and then opens the screens in new pages of that
// context, which find the session where the app keeps it. The figures are
// the Performance API's, read in the page: FCP from the paint entries, LCP
// from the last largest-contentful-paint entry once the screen's content is
// visible. Prints one JSON document on stdout.
//
// Each run also times an in-app navigation: on the application's first page
// (the projects page), 1.5 s after it opened, a click on the side menu's "Tarefas" (the task list) and
// "Quadro de tarefas" (the task board), to the first grid row or card in the
// page, plus the frame that paints it (the page's own clock, from the click
// event). The list's and board's chunks come from the server each time too.
import { createRequire } from 'node:module';
import path from 'node:path';

const [base, login, password, runsArg, mode, ganttPath] = process.argv.slice(2);
if (!base || !login || !password || (mode && (mode !== '--gantt' || !ganttPath))) {
  console.error('usage: node cmd/bench/paint.mjs BASE_URL LOGIN PASSWORD [RUNS] [--gantt PATH]');
  process.exit(2);
}
const runs = Number(runsArg || 5);
const require = createRequire(path.resolve('e2e/package.json'));
const { chromium } = require('playwright-core');

// Registered before any script of the page: the LCP entries are kept as they
// come (the observer is the only way to read them).
const observeLCP = () => {
  window.__benchLCP = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__benchLCP.push(e.startTime);
  }).observe({ type: 'largest-contentful-paint', buffered: true });
};

const readPaint = () =>
  new Promise((resolve) => {
    // Two frames after the content is visible, so its paint has happened and
    // the observer has been told.
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        const fcp = performance.getEntriesByName('first-contentful-paint')[0];
        const lcp = window.__benchLCP || [];
        const nav = performance.getEntriesByType('navigation')[0];
        resolve({
          fcp: fcp ? fcp.startTime : null,
          lcp: lcp.length ? lcp[lcp.length - 1] : null,
          domContentLoaded: nav ? nav.domContentLoadedEventEnd : null,
        });
      }),
    );
  });

// BENCH_PAINT_SHOTS names a directory for a screenshot of each screen of
// the first run, to see what was measured.
const shots = process.env.BENCH_PAINT_SHOTS || '';

async function measure(context, name, run, url, ready) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await page.goto(url, { waitUntil: 'load' });
  await ready(page);
  // The LCP entry of the visible content comes with its paint.
  await page.waitForFunction(() => (window.__benchLCP || []).length > 0);
  const m = await page.evaluate(readPaint);
  if (shots && run === 0) await page.screenshot({ path: path.join(shots, `paint-${name}.png`) });
  await page.close();
  return m;
}

// Installed before the click: the time from the click event to the first
// element matching selector, after the frame that shows it.
const watchFirst = (selector) => {
  window.__benchFirst = new Promise((resolve) => {
    let clicked = 0;
    document.addEventListener('click', () => (clicked = performance.now()), { capture: true, once: true });
    const seen = () => {
      if (!clicked || !document.querySelector(selector)) return;
      observer.disconnect();
      requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - clicked), 0));
    };
    const observer = new MutationObserver(seen);
    observer.observe(document.body, { childList: true, subtree: true });
  });
};

async function clickToFirst(context, name, run, entry, selector) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await page.goto(base + '/app');
  await page.getByRole('button', { name: 'Gestão de Projetos' }).click();
  // The application opens its first entry (the projects page); the app keeps a connection open, so
  // "network idle" never comes: a fixed pause lets that page settle, and the click measures the list alone.
  await page.waitForURL(/\/projects\//);
  const link = page.getByRole('link', { name: entry, exact: true }).first();
  await link.waitFor();
  await page.waitForTimeout(1500);
  await page.evaluate(watchFirst, selector);
  await link.click();
  const first = await page.evaluate(() => window.__benchFirst);
  if (shots && run === 0) await page.screenshot({ path: path.join(shots, `click-${name}.png`) });
  await page.close();
  return { first };
}

// Installed before the Gantt's page loads: the time from the navigation's
// start to the frame after the first bar is in the page.
const watchBar = () => {
  window.__benchBar = new Promise((resolve) => {
    const seen = () => {
      if (!document.querySelector('.wx-bar')) return;
      observer.disconnect();
      requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0));
    };
    const observer = new MutationObserver(seen);
    document.addEventListener('DOMContentLoaded', () => observer.observe(document.body, { childList: true, subtree: true }));
  });
};

// A scripted scroll of the chart, 60 px a frame for 2 s: the length of
// every frame, so a dropped one shows.
const scrollFrames = () =>
  new Promise((resolve) => {
    const chart = document.querySelector('.wx-chart');
    const frames = [];
    let last = performance.now();
    const started = last;
    const step = (now) => {
      frames.push(now - last);
      last = now;
      chart.scrollTop += 60;
      if (now - started < 2000) requestAnimationFrame(step);
      else resolve(frames.slice(1));
    };
    requestAnimationFrame(step);
  });

async function signIn(context) {
  const page = await context.newPage();
  await page.goto(base + '/login');
  await page.getByLabel('Login', { exact: true }).fill(login);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.getByRole('button', { name: 'Gestão de Projetos' }).waitFor();
  return page;
}

const browser = await chromium.launch({
  executablePath: process.env.TRAMITA_CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
if (mode === '--gantt') {
  const gantt = [];
  let frames = [];
  try {
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({ locale: 'pt-BR', viewport: { width: 1366, height: 768 } });
      context.setDefaultTimeout(60_000);
      await (await signIn(context)).close();
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await page.addInitScript(watchBar);
      await page.goto(base + ganttPath);
      gantt.push(await page.evaluate(() => window.__benchBar));
      if (i === 0) {
        if (shots) await page.screenshot({ path: path.join(shots, 'gantt.png') });
        frames = await page.evaluate(scrollFrames);
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
  process.stdout.write(JSON.stringify({ gantt, frames }) + '\n');
  process.exit(0);
}

const screens = { login: [], desktop: [], list: [], listClick: [], boardClick: [] };
let listURL = '';
const timeout = 60_000;
try {
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext({ locale: 'pt-BR', viewport: { width: 1366, height: 768 } });
    context.setDefaultTimeout(timeout);
    await context.addInitScript(observeLCP);

    screens.login.push(
      await measure(context, 'login', i, base + '/login', (p) => p.getByRole('button', { name: 'Entrar' }).waitFor()),
    );

    // Sign in (not measured); the first run also finds the task list's address
    // through the desktop and the application's menu, as a user would.
    const page = await signIn(context);
    if (!listURL) {
      await page.getByRole('button', { name: 'Gestão de Projetos' }).click();
      await page.getByRole('link', { name: 'Tarefas', exact: true }).or(page.getByRole('menuitem', { name: 'Tarefas', exact: true })).or(page.getByRole('button', { name: 'Tarefas', exact: true })).first().click();
      await page.waitForURL(/\/list\//);
      listURL = page.url();
    }
    await page.close();

    screens.desktop.push(
      await measure(context, 'desktop', i, base + '/app', (p) => p.getByRole('button', { name: 'Gestão de Projetos' }).waitFor()),
    );
    screens.list.push(
      await measure(context, 'list', i, listURL, (p) => p.getByRole('row').nth(1).waitFor()),
    );
    screens.listClick.push(await clickToFirst(context, 'list', i, 'Tarefas', '.MuiDataGrid-row'));
    screens.boardClick.push(await clickToFirst(context, 'board', i, 'Quadro de tarefas', '[data-card-id]'));
    await context.close();
  }
} finally {
  await browser.close();
}
process.stdout.write(JSON.stringify({ runs, listURL: listURL.replace(base, ''), screens }) + '\n');
