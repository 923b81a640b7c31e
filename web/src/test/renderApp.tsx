import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { App } from '../app/App';
import { routes } from '../app/routes';
import { DEFAULT_SETTINGS, type PlatformSettings } from '../app/settings';

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * Replaces global fetch: the settings call answers `settings`; the portal
 * shell's background calls answer `portal` (by default no applications, no
 * messages, no event stream); other calls go to `handler`.
 */
export function mockFetch(
  settings: Partial<PlatformSettings> | (() => Response | Promise<Response>),
  handler: (url: string, init?: RequestInit) => Response | Promise<Response> = () =>
    jsonResponse({ Message: 'unexpected call' }, 500),
  portal: { applications?: () => Response; messages?: () => Response } = {},
) {
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.endsWith('/api/application/getPlatformSettings')) {
      return typeof settings === 'function' ? settings() : jsonResponse({ ...DEFAULT_SETTINGS, ...settings });
    }
    if (url.endsWith('/api/application/getAllowedApplications')) return portal.applications?.() ?? jsonResponse([]);
    if (url.endsWith('/api/message/getMessages')) return portal.messages?.() ?? jsonResponse([]);
    if (url.endsWith('/api/message/events')) return new Response(null, { status: 401 });
    return handler(url, init);
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

/** Renders the whole app (providers, settings gate, routes) at `path` in a memory router. */
export function renderApp(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(<App queryClient={queryClient} router={router} />);
  return { ...result, router, queryClient };
}
