import { useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useMenuTitle } from '../portal';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../api/client';
import { projectChoicesQuery, scheduleQuery } from './api';
import { lastProject, refetchOnMount, rememberProject, toId } from './prefetch';
import { ScheduleScreen } from './ScheduleScreen';
import './i18n';

/**
 * /runtime/{appID}/schedule/{viewID}/{title} (spec section 2): the Gantt of a project's items of a
 * schedule view. The path names no project: `?project=ID` (the project page's link) wins, else the
 * one last opened here, else the user picks one. viewID 0: the first schedule view with items in
 * the project.
 */
export default function SchedulePage() {
  const { t } = useTranslation('schedule');
  const params = useParams();
  const [search, setSearch] = useSearchParams();
  const viewID = toId(params.viewID);
  const projects = useQuery(projectChoicesQuery);
  const asked = toId(search.get('project'));
  const [picked, setPicked] = useState(() => asked || lastProject());
  const projectId = asked || picked;
  const known = !projects.data || projects.data.some((p) => p.id === projectId);
  // The baseline compared with belongs to the project: choosing another project drops it.
  const [baseline, setBaseline] = useState({ projectId: 0, id: 0 });
  const baselineId = baseline.projectId === projectId ? baseline.id : 0;
  const schedule = useQuery({ ...scheduleQuery(known ? projectId : 0, viewID, baselineId), refetchOnMount });

  useEffect(() => {
    if (projectId && schedule.data) rememberProject(projectId);
  }, [projectId, schedule.data]);

  const choose = (id: number) => {
    setPicked(id);
    setSearch(
      (was) => {
        const next = new URLSearchParams(was);
        next.set('project', String(id));
        return next;
      },
      { replace: true },
    );
  };

  const title = useMenuTitle(params.title ? decodeURIComponent(params.title) : t('loading'));
  const picker = (
    <ProjectPicker
      value={known ? projectId : 0}
      choices={projects.data ?? []}
      onChange={choose}
      disabled={!projects.data}
    />
  );
  let body;
  if (projects.data && projects.data.length === 0) body = <Message text={t('noProjects')} />;
  else if (!projectId || !known) body = <Message text={t('chooseProject')} />;
  else if (schedule.isError) {
    const missing = isApiError(schedule.error) && schedule.error.status === 404;
    body = <NotFound message={missing ? undefined : schedule.error.message} />;
  } else if (!schedule.data) body = <Loading label={t('loading')} />;
  else body = null;

  if (body || !schedule.data) {
    return (
      <Box>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600, mb: 2 }}>
          {title}
        </Typography>
        {picker}
        <Box sx={{ mt: 2 }}>{body}</Box>
      </Box>
    );
  }
  return (
    <ScheduleScreen
      schedule={schedule.data}
      title={title}
      picker={picker}
      routeView={viewID}
      baselineId={baselineId}
      onBaseline={(id) => setBaseline({ projectId, id })}
    />
  );
}

function ProjectPicker({
  value,
  choices,
  onChange,
  disabled,
}: {
  value: number;
  choices: { id: number; name: string }[];
  onChange: (id: number) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation('schedule');
  const sorted = useMemo(() => [...choices].sort((a, b) => a.name.localeCompare(b.name)), [choices]);
  return (
    <TextField
      select
      size="small"
      label={t('project')}
      value={value || ''}
      onChange={(e) => onChange(Number(e.target.value))}
      disabled={disabled}
      sx={{ width: 300, maxWidth: '100%' }}
    >
      {sorted.map((p) => (
        <MenuItem key={p.id} value={p.id}>
          {p.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

function Message({ text }: { text: string }) {
  return <Alert severity="info">{text}</Alert>;
}

function Loading({ label }: { label: string }) {
  return (
    <Box aria-busy="true" aria-label={label}>
      <Skeleton variant="rounded" height={420} />
    </Box>
  );
}

function NotFound({ message }: { message?: string }) {
  const { t } = useTranslation('schedule');
  const { appID } = useParams();
  return (
    <Box sx={{ py: 6, textAlign: 'center' }}>
      <Typography color="text.secondary">{message ?? t('notFound')}</Typography>
      <Button component={RouterLink} to={appID ? `/runtime/${appID}` : '/app'} sx={{ mt: 2 }}>
        {t('backToApp')}
      </Button>
    </Box>
  );
}
