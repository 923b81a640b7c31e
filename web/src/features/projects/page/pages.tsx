import { lazy } from 'react';

// The page is its own lazy chunk, away from the login route.
export const ProjectPage = lazy(() => import('./ProjectScreen'));
