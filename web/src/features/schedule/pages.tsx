import { lazy } from 'react';
import { loadSchedulePage } from './prefetch';

// The Gantt is its own lazy chunk: SVAR's code and styles load with the screen only.
export const SchedulePage = lazy(loadSchedulePage);
