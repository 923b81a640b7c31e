import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import GroupIcon from '@mui/icons-material/GroupsOutlined';
import PersonIcon from '@mui/icons-material/PersonOutlined';
import RemoveIcon from '@mui/icons-material/PersonRemoveOutlined';
import { useTranslation } from 'react-i18next';
import { ROLES, type Role } from './api';
import { keyOf, type Member } from './members';
import './i18n';

/** One user or group of the members dialog: its role to change and a remove button, or the role alone. */
export function MemberRow({
  member,
  editable,
  error,
  onRole,
  onRemove,
}: {
  member: Member;
  editable: boolean;
  error?: string;
  onRole: (role: Role) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('projects');
  const Icon = member.kind === 'user' ? PersonIcon : GroupIcon;
  return (
    <Box
      component="li"
      data-member={keyOf(member)}
      sx={{ py: 1, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 1, sm: 1.5 } }}>
        <Icon fontSize="small" color="action" aria-hidden />
        <Box sx={{ flex: '1 1 0', minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
            {member.name}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {member.kind === 'user' ? member.login : t('members.groupNote')}
          </Typography>
        </Box>
        {editable ? (
          <>
            <TextField
              select
              size="small"
              value={member.role}
              onChange={(event) => onRole(event.target.value as Role)}
              slotProps={{
                select: { renderValue: (value) => t(`roles.${value as Role}`) },
                htmlInput: { 'aria-label': t('members.roleOf', { name: member.name }) },
              }}
              sx={{ width: { xs: 150, sm: 170 }, flexShrink: 0 }}
            >
              {ROLES.map((role) => (
                <MenuItem key={role} value={role}>
                  <ListItemText primary={t(`roles.${role}`)} secondary={t(`roleHelp.${role}`)} sx={{ my: 0 }} />
                </MenuItem>
              ))}
            </TextField>
            <Tooltip title={t('members.remove', { name: member.name })}>
              <IconButton
                size="small"
                data-remove
                aria-label={t('members.remove', { name: member.name })}
                onClick={onRemove}
              >
                <RemoveIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </>
        ) : (
          <Chip size="small" variant="outlined" label={t(`roles.${member.role}`)} />
        )}
      </Box>
      {error && (
        <Typography variant="caption" color="error" role="alert" sx={{ display: 'block', mt: 0.5, ml: 4.5 }}>
          {error}
        </Typography>
      )}
    </Box>
  );
}
