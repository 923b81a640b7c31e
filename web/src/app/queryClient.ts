import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api/client';

/** Client errors (4xx) are answers, not glitches: retry only network failures and 5xx, once. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        retry: (failureCount, error) =>
          failureCount < 1 && (!isApiError(error) || error.status === 0 || error.status >= 500),
      },
      mutations: { retry: false },
    },
  });
}
