import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FormControl } from '../../types';
import { permissionsQuery, type Permissions, type Role } from './api';
import { ProjectSection, ProjectStates } from './ProjectSection';

/**
 * The project resource control: the project's people, the users and groups with a role in it
 * (loadProjectPermissions). Read-only: members are changed on the project's permissions screen.
 */
export function ProjectResources({ control }: { control: FormControl }) {
  return <ProjectSection control={control}>{(projectId) => <People projectId={projectId} />}</ProjectSection>;
}

function People({ projectId }: { projectId: number }) {
  const query = useQuery(permissionsQuery(projectId));
  return <ProjectStates query={query}>{(permissions) => <PeopleLists permissions={permissions} />}</ProjectStates>;
}

function RoleChip({ role }: { role: Role }) {
  const { t } = useTranslation('forms');
  return (
    <Chip
      size="small"
      label={t(`project.roles.${role}`)}
      color={role === 'manager' ? 'primary' : 'default'}
      variant={role === 'read_only' ? 'outlined' : 'filled'}
      sx={{ height: 22 }}
    />
  );
}

function PeopleLists({ permissions }: { permissions: Permissions }) {
  const { t } = useTranslation('forms');
  const { users, groups } = permissions;
  return (
    <Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <Box>
          <Typography variant="subtitle2">{t('project.resources.people', { count: users.length })}</Typography>
          {users.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {t('project.resources.noPeople')}
            </Typography>
          ) : (
            <List dense disablePadding aria-label={t('project.resources.people', { count: users.length })}>
              {users.map((user) => (
                <ListItem key={user.id} disableGutters secondaryAction={<RoleChip role={user.role} />}>
                  <ListItemIcon sx={{ minWidth: 32 }}>
                    <PersonOutlined fontSize="small" />
                  </ListItemIcon>
                  <ListItemText primary={user.name} secondary={user.login} />
                </ListItem>
              ))}
            </List>
          )}
        </Box>
        <Box>
          <Typography variant="subtitle2">{t('project.resources.groups', { count: groups.length })}</Typography>
          {groups.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {t('project.resources.noGroups')}
            </Typography>
          ) : (
            <List dense disablePadding aria-label={t('project.resources.groups', { count: groups.length })}>
              {groups.map((group) => (
                <ListItem key={group.id} disableGutters secondaryAction={<RoleChip role={group.role} />}>
                  <ListItemIcon sx={{ minWidth: 32 }}>
                    <GroupsOutlined fontSize="small" />
                  </ListItemIcon>
                  <ListItemText primary={group.name} />
                </ListItem>
              ))}
            </List>
          )}
        </Box>
      </Box>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
        {t(permissions.readOnly ? 'project.resources.readOnly' : 'project.resources.editElsewhere')}
      </Typography>
    </Box>
  );
}
