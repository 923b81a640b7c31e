import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Permissions, Role } from '../api';

const roleColor: Record<Role, 'primary' | 'default' | 'info'> = {
  manager: 'primary',
  member: 'default',
  read_only: 'info',
};

/** Who works in the project: the users and groups with a role, managers first. */
export function Members({ permissions }: { permissions: Permissions }) {
  const { t } = useTranslation('projectPage');
  const order: Role[] = ['manager', 'member', 'read_only'];
  const rows = [
    ...permissions.users.map((u) => ({ key: `u${u.id}`, name: u.name, role: u.role, group: false })),
    ...permissions.groups.map((g) => ({ key: `g${g.id}`, name: g.name, role: g.role, group: true })),
  ].sort((a, b) => order.indexOf(a.role) - order.indexOf(b.role));
  if (rows.length === 0) return <Typography color="text.secondary">{t('noMembers')}</Typography>;
  return (
    <Box component="ul" aria-label={t('members')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {rows.map((r) => (
        <Box component="li" key={r.key} sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.5 }}>
          <Typography variant="body2" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
            {r.name}
            {r.group && (
              <Typography component="span" variant="caption" color="text.secondary">
                {' '}
                · {t('group')}
              </Typography>
            )}
          </Typography>
          <Chip size="small" color={roleColor[r.role]} variant="outlined" label={t(`role.${r.role}`)} />
        </Box>
      ))}
    </Box>
  );
}
