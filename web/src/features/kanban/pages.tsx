import { lazy } from 'react';
import { loadKanbanPage } from './prefetch';

// The board is its own lazy chunk, away from the login route.
export const KanbanPage = lazy(loadKanbanPage);
