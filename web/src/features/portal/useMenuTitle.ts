import { useQuery } from '@tanstack/react-query';
import { useLocation, useParams } from 'react-router';
import { applicationMenuQuery } from './api';
import { flattenMenu } from './menu';

/**
 * The name of the menu entry that opened this screen, in the user's language (the address's title is
 * the package's pt-BR name); fallback when no entry links here. Reads the menu the shell loaded.
 */
export function useMenuTitle(fallback: string): string {
  const { appID = '' } = useParams();
  const { pathname } = useLocation();
  const menu = useQuery({ ...applicationMenuQuery(appID), enabled: appID !== '' });
  const here = safeDecode(pathname);
  const entry = flattenMenu(menu.data?.menu ?? []).find((e) => e.link && safeDecode(e.link.split('?')[0]!) === here);
  return entry?.name || fallback;
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
