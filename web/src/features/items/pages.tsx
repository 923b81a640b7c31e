import { lazy } from 'react';
import { loadItemListPage } from './list/prefetch';

// The list pulls MUI X Data Grid: it stays in this lazy chunk, away from the login route.
export const ItemListPage = lazy(loadItemListPage);
