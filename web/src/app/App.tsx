import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { DatesProvider } from './DatesProvider';
import { SessionGate } from './SessionGate';
import { SettingsGate } from './SettingsGate';

type Router = ReturnType<typeof createBrowserRouter>;

/** The providers around the router. main.tsx passes the browser router; tests pass a memory router. */
export function App({ queryClient, router }: { queryClient: QueryClient; router: Router }) {
  return (
    <QueryClientProvider client={queryClient}>
      <DatesProvider>
        <SettingsGate>
          <SessionGate>
            <RouterProvider router={router} />
          </SessionGate>
        </SettingsGate>
      </DatesProvider>
    </QueryClientProvider>
  );
}
