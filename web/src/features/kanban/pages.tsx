import { lazy } from 'react';

// The board is its own lazy chunk, away from the login route.
export const KanbanPage = lazy(() => import('./KanbanPage'));
