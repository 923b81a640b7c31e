import { lazy } from 'react';

// The viewer is its own lazy chunk, with the charts and the reports texts.
export const ReportPage = lazy(() => import('./ReportPage'));
