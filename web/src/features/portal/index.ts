/**
 * The portal feature's public entry: what the desktop page uses of it (the applications, where one
 * opens, their icons). Everything else under features/portal/ is its own.
 */
export { applicationsQuery, type Application } from './api';
export { applicationTarget, decideDesktop } from './desktopRules';
export { AppIcon } from './icons';
export { useMenuTitle } from './useMenuTitle';
