import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Project } from '../api';
import { formatDay } from './format';

interface ProjectHeaderProps {
  project: Project;
  /** The buttons beside the name (edit, members), given by whoever mounts the page. */
  actions?: ReactNode;
}

/** The project's name, code, status, manager and dates. */
export function ProjectHeader({ project, actions }: ProjectHeaderProps) {
  const { t, i18n } = useTranslation('projectPage');
  const start = formatDay(project.startDate, i18n.language);
  const finish = formatDay(project.finishDate, i18n.language);
  const dates =
    start && finish
      ? t('dates', { start, finish })
      : start
        ? t('startsAt', { start })
        : finish
          ? t('endsAt', { finish })
          : t('noDates');
  return (
    <Box
      component="header"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start', justifyContent: 'space-between' }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {project.name}
          </Typography>
          <Chip
            size="small"
            label={t(`status.${project.status}`)}
            color={project.status === 'archived' ? 'warning' : 'success'}
            variant={project.status === 'archived' ? 'filled' : 'outlined'}
          />
          {project.code && <Chip size="small" variant="outlined" label={t('code', { code: project.code })} />}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {project.managerName ? t('manager', { name: project.managerName }) : t('noManager')} · {dates}
        </Typography>
        {project.description && (
          <Typography variant="body2" sx={{ mt: 1, maxWidth: 880, whiteSpace: 'pre-line' }}>
            {project.description}
          </Typography>
        )}
      </Box>
      {actions && (
        <Stack direction="row" spacing={1}>
          {actions}
        </Stack>
      )}
    </Box>
  );
}
