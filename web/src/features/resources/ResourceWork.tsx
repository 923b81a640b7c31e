import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { errorMessage } from '../../lib/format';
import { pendingQuery, projectsQuery, type Work } from './api';

/**
 * The projects tab: the projects a person works in (getProjects) and, for one of them or all,
 * the open items it is responsible for (getPendingItems) and those that name it in a resources
 * field (getPendingTasks), each linking to the item's form. Only what the caller may read.
 */
export function ResourceWork({ resourceId }: { resourceId: number }) {
  const { t } = useTranslation('resources');
  const projects = useQuery(projectsQuery(resourceId));
  const [projectId, setProjectId] = useState(0);
  if (projects.isError) return <Alert severity="error">{errorMessage(projects.error, t('projects.loadError'))}</Alert>;
  if (!projects.data) return <LinearProgress aria-label={t('loading')} />;
  return (
    <Stack spacing={2}>
      {projects.data.length === 0 ? (
        <Typography color="text.secondary">{t('projects.empty')}</Typography>
      ) : (
        <TextField
          select
          size="small"
          label={t('projects.list')}
          value={projectId}
          onChange={(event) => setProjectId(Number(event.target.value))}
          sx={{ maxWidth: 420 }}
        >
          <MenuItem value={0}>{t('projects.all')}</MenuItem>
          {projects.data.map((p) => (
            <MenuItem key={p.id} value={p.id}>
              {p.name}
            </MenuItem>
          ))}
        </TextField>
      )}
      <Pending resourceId={resourceId} projectId={projectId} work="items" />
      <Pending resourceId={resourceId} projectId={projectId} work="tasks" />
    </Stack>
  );
}

function Pending({ resourceId, projectId, work }: { resourceId: number; projectId: number; work: Work }) {
  const { t } = useTranslation('resources');
  const appID = useParams().appID ?? '';
  const pending = useQuery(pendingQuery(resourceId, projectId, work));
  const title = t(work === 'items' ? 'projects.items' : 'projects.tasks');
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="subtitle2" component="h3">
        {title}
        {pending.data && (
          <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
            {t('projects.pendingCount', { count: pending.data.length })}
          </Typography>
        )}
      </Typography>
      {pending.isError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {errorMessage(pending.error, t('projects.loadError'))}
        </Alert>
      )}
      {pending.isPending && <LinearProgress sx={{ mt: 1 }} aria-label={t('loading')} />}
      {pending.data?.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('projects.pendingEmpty')}
        </Typography>
      )}
      {pending.data && pending.data.length > 0 && (
        <List dense disablePadding>
          {pending.data.map((item) => (
            <ListItem key={item.id} disableGutters sx={{ gap: 1, flexWrap: 'wrap' }}>
              <Link
                component={RouterLink}
                to={`/runtime/${appID}/editItem/${item.componentId}/${item.id}/0`}
                underline="hover"
              >
                {item.component} #{item.formattedId} — {item.title}
              </Link>
              {item.statusName && (
                <Typography variant="caption" color="text.secondary">
                  {item.statusName}
                </Typography>
              )}
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
