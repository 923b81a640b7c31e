import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import Box from '@mui/material/Box';
import AppsIcon from '@mui/icons-material/Apps';

type IconModule = Promise<{ default: ComponentType<SvgIconProps> }>;

/**
 * MUI icons applications and menus may name, each its own lazy chunk. A name
 * not listed shows the generic icon: importing icons by any name would need
 * the whole icon set (the barrel) in the bundle.
 */
const MUI_ICONS: Record<string, () => IconModule> = {
  Apps: () => import('@mui/icons-material/Apps'),
  Assignment: () => import('@mui/icons-material/Assignment'),
  AttachMoney: () => import('@mui/icons-material/AttachMoney'),
  BarChart: () => import('@mui/icons-material/BarChart'),
  Build: () => import('@mui/icons-material/Build'),
  Business: () => import('@mui/icons-material/Business'),
  CalendarMonth: () => import('@mui/icons-material/CalendarMonth'),
  CalendarToday: () => import('@mui/icons-material/CalendarToday'),
  Chat: () => import('@mui/icons-material/Chat'),
  CheckCircle: () => import('@mui/icons-material/CheckCircle'),
  Dashboard: () => import('@mui/icons-material/Dashboard'),
  Description: () => import('@mui/icons-material/Description'),
  Event: () => import('@mui/icons-material/Event'),
  Folder: () => import('@mui/icons-material/Folder'),
  FolderOpen: () => import('@mui/icons-material/FolderOpen'),
  Group: () => import('@mui/icons-material/Group'),
  Groups: () => import('@mui/icons-material/Groups'),
  HelpOutline: () => import('@mui/icons-material/HelpOutlineOutlined'),
  Home: () => import('@mui/icons-material/Home'),
  Inventory: () => import('@mui/icons-material/Inventory'),
  List: () => import('@mui/icons-material/List'),
  Mail: () => import('@mui/icons-material/Mail'),
  People: () => import('@mui/icons-material/People'),
  Person: () => import('@mui/icons-material/Person'),
  PieChart: () => import('@mui/icons-material/PieChart'),
  Schedule: () => import('@mui/icons-material/Schedule'),
  Settings: () => import('@mui/icons-material/Settings'),
  Storage: () => import('@mui/icons-material/Storage'),
  Task: () => import('@mui/icons-material/Task'),
  Timeline: () => import('@mui/icons-material/Timeline'),
  ViewKanban: () => import('@mui/icons-material/ViewKanban'),
  Work: () => import('@mui/icons-material/Work'),
  WorkOutline: () => import('@mui/icons-material/WorkOutlineOutlined'),
};

// Made once, at module level: lazy() creates the component that loads the chunk on first render.
const LAZY_ICONS: Record<string, ComponentType<SvgIconProps>> = Object.fromEntries(Object.entries(MUI_ICONS).map(([name, load]) => [name, lazy(load)]));

let fontAwesome: Promise<unknown> | undefined;
/** Font Awesome Free (CSS and fonts, same origin) loads the first time an entry needs it. */
function loadFontAwesome(): void {
  fontAwesome ??= import('@fortawesome/fontawesome-free/css/all.min.css');
}

function FontAwesomeIcon({ classes, size }: { classes: string; size: number }) {
  useEffect(loadFontAwesome, []);
  return (
    <Box
      component="i"
      aria-hidden
      className={classes}
      sx={{ width: size, height: size, fontSize: size * 0.8, display: 'inline-flex', alignItems: 'center', justifyContent: 'center', flexShrink: 0 }}
    />
  );
}

export interface AppIconProps {
  name: string;
  fontAwesome?: boolean;
  image?: string;
  size?: number;
  color?: SvgIconProps['color'];
}

/** An application's or menu entry's icon: its image, a Font Awesome class, an MUI icon by name, or the generic one. */
export function AppIcon({ name, fontAwesome = false, image, size = 24, color }: AppIconProps) {
  if (image) return <Box component="img" src={image} alt="" sx={{ width: size, height: size, objectFit: 'contain' }} />;
  if (fontAwesome && name) return <FontAwesomeIcon classes={name} size={size} />;
  const Icon = Object.hasOwn(LAZY_ICONS, name) ? LAZY_ICONS[name] : undefined;
  const fallback = <AppsIcon color={color} sx={{ fontSize: size }} />;
  if (!Icon) return fallback;
  return (
    <Suspense fallback={<Box sx={{ width: size, height: size }} />}>
      <Icon color={color} sx={{ fontSize: size }} />
    </Suspense>
  );
}
