import { lazy } from 'react';

// The operation page is its own lazy chunk, carrying the operations texts (./i18n).
export const OperationPage = lazy(() => import('./OperationPage'));
