import { lazy } from 'react';

// The projects list is its own lazy chunk, carrying the projects texts (./i18n).
export const ProjectsPage = lazy(() => import('./ProjectsPage'));
