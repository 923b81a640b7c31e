import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ItemListPage } from '../pages';
import { listAddressOf, usePrefetchList } from './prefetch';

/**
 * The list routes' element, outside the list's lazy chunk: the list's definitions and first page are
 * asked when the route matches, while the chunk loads, not after the grid mounts.
 */
export function ListRoute() {
  const { i18n } = useTranslation();
  usePrefetchList(listAddressOf(useParams()), i18n.resolvedLanguage ?? i18n.language);
  return <ItemListPage />;
}
