import { test as base } from '@playwright/test';
import { startServer, type Server, type StartOptions } from './server';

// Each worker gets its own server; a spec file that needs a differently
// prepared server sets `serverOptions` with test.use().
export const test = base.extend<object, { server: Server; serverOptions: StartOptions }>({
  serverOptions: [{}, { scope: 'worker', option: true }],
  server: [
    async ({ serverOptions }, use) => {
      const server = await startServer(serverOptions);
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ server }, use) => use(server.url),
});

export { expect } from '@playwright/test';
