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
  AccessTime: () => import('@mui/icons-material/AccessTime'),
  AccountTree: () => import('@mui/icons-material/AccountTree'),
  AlarmOn: () => import('@mui/icons-material/AlarmOn'),
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
  ConfirmationNumber: () => import('@mui/icons-material/ConfirmationNumber'),
  Dashboard: () => import('@mui/icons-material/Dashboard'),
  Description: () => import('@mui/icons-material/Description'),
  EditCalendar: () => import('@mui/icons-material/EditCalendar'),
  Event: () => import('@mui/icons-material/Event'),
  EventAvailable: () => import('@mui/icons-material/EventAvailable'),
  Folder: () => import('@mui/icons-material/Folder'),
  FolderOpen: () => import('@mui/icons-material/FolderOpen'),
  Group: () => import('@mui/icons-material/Group'),
  Groups: () => import('@mui/icons-material/Groups'),
  HelpOutline: () => import('@mui/icons-material/HelpOutlineOutlined'),
  Home: () => import('@mui/icons-material/Home'),
  Inventory: () => import('@mui/icons-material/Inventory'),
  List: () => import('@mui/icons-material/List'),
  Mail: () => import('@mui/icons-material/Mail'),
  ManageAccounts: () => import('@mui/icons-material/ManageAccounts'),
  MenuBook: () => import('@mui/icons-material/MenuBook'),
  People: () => import('@mui/icons-material/People'),
  Person: () => import('@mui/icons-material/Person'),
  PieChart: () => import('@mui/icons-material/PieChart'),
  Schedule: () => import('@mui/icons-material/Schedule'),
  Settings: () => import('@mui/icons-material/Settings'),
  Storage: () => import('@mui/icons-material/Storage'),
  SupportAgent: () => import('@mui/icons-material/SupportAgent'),
  SwapHoriz: () => import('@mui/icons-material/SwapHoriz'),
  TableChart: () => import('@mui/icons-material/TableChart'),
  Task: () => import('@mui/icons-material/Task'),
  TaskAlt: () => import('@mui/icons-material/TaskAlt'),
  Timeline: () => import('@mui/icons-material/Timeline'),
  ViewKanban: () => import('@mui/icons-material/ViewKanban'),
  ViewTimeline: () => import('@mui/icons-material/ViewTimeline'),
  ViewList: () => import('@mui/icons-material/ViewList'),
  WarningAmber: () => import('@mui/icons-material/WarningAmber'),
  Work: () => import('@mui/icons-material/Work'),
  WorkOutline: () => import('@mui/icons-material/WorkOutlineOutlined'),
};

// Made once, at module level: lazy() creates the component that loads the chunk on first render.
const LAZY_ICONS: Record<string, ComponentType<SvgIconProps>> = Object.fromEntries(
  Object.entries(MUI_ICONS).map(([name, load]) => [name, lazy(load)]),
);

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
      sx={{
        width: size,
        height: size,
        fontSize: size * 0.8,
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        flexShrink: 0,
      }}
    />
  );
}

export interface AppIconProps {
  name: string;
  fontAwesome?: boolean;
  image?: string;
  size?: number;
  color?: SvgIconProps['color'];
  /** For an unknown name: the generic application icon, or a small dot (menu entries). */
  fallback?: 'app' | 'dot';
}

/** An application's or menu entry's icon: its image, a Font Awesome class, an MUI icon by name, or the generic one. */
export function AppIcon({
  name,
  fontAwesome = false,
  image,
  size = 24,
  color,
  fallback: fallbackKind = 'app',
}: AppIconProps) {
  if (image) return <Box component="img" src={image} alt="" sx={{ width: size, height: size, objectFit: 'contain' }} />;
  if (fontAwesome && name) return <FontAwesomeIcon classes={name} size={size} />;
  const Icon = Object.hasOwn(LAZY_ICONS, name) ? LAZY_ICONS[name] : undefined;
  const fallback =
    fallbackKind === 'dot' ? (
      <Box aria-hidden sx={{ width: size, height: size, display: 'grid', placeItems: 'center' }}>
        <Box sx={{ width: 6, height: 6, borderRadius: '50%', bgcolor: 'currentColor', opacity: 0.5 }} />
      </Box>
    ) : (
      <AppsIcon color={color} sx={{ fontSize: size }} />
    );
  if (!Icon) return fallback;
  return (
    <Suspense fallback={<Box sx={{ width: size, height: size }} />}>
      <Icon color={color} sx={{ fontSize: size }} />
    </Suspense>
  );
}
