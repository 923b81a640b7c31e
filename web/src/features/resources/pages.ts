import { lazy } from 'react';

// The resources screen is its own lazy chunk, carrying its texts (./i18n) and the calendar editors.
export const ResourcesPage = lazy(() => import('./ResourcesPage'));
