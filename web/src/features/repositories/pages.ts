import { lazy } from 'react';

// The repository screens are their own lazy chunks, carrying the repositories texts (./i18n).
export const RepositoriesPage = lazy(() => import('./RepositoriesPage'));
export const RepositoryPage = lazy(() => import('./RepositoryPage'));
