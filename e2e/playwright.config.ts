import { defineConfig } from '@playwright/test';

// The end-to-end tests drive Debian's Chromium (Playwright cannot download its
// own browser here) against the real binary, bin/tramita, each worker with
// its own server and embedded PostgreSQL (see support/fixtures.ts).
export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // The JSON report feeds support/failures.mjs, which repeats each failure's error last, where a CI
  // log's tail shows it (the list reporter puts it above the attachments).
  reporter: [
    ['list'],
    ['json', { outputFile: 'test-results/report.json' }],
    ...(process.env.CI ? [] : [['html', { open: 'never' }] as const]),
  ],
  use: {
    browserName: 'chromium',
    locale: 'pt-BR',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.TRAMITA_CHROMIUM || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
