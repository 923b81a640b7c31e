import { lazy } from 'react';

// Each form page is its own chunk, carrying the forms texts (./i18n).
export const InsertItemPage = lazy(() => import('./InsertItemPage'));
export const EditItemPage = lazy(() => import('./EditItemPage'));
