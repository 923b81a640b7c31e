import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { isApiError } from '../../../api/client';
import { getSession } from '../../../app/session';
import { permissionsQuery, projectQuery, type Project } from '../api';
import { summaryQuery, wbsQuery, type ProjectSummary } from './api';
import { Activity } from './Activity';
import { formatPercent } from './format';
import { Members } from './Members';
import { ProjectHeader } from './ProjectHeader';
import { TypeCounts } from './TypeCounts';
import { WbsTree } from './WbsTree';
import './i18n';

const toId = (value: string | undefined) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : 0;
};

export interface ProjectPageProps {
  /**
   * The project's buttons (edit, members), shown in the header: the projects feature's dialogs
   * plug in here. Given the project as loaded; `project.canEdit` says whether the caller may change it.
   */
  actions?: (project: Project) => ReactNode;
}

/** /runtime/{appID}/project/{projectId}/{title}: a project's page (spec section 2). */
export default function ProjectPage({ actions }: ProjectPageProps) {
  const { t } = useTranslation('projectPage');
  const params = useParams();
  const projectId = toId(params.projectId);
  const project = useQuery({ ...projectQuery(projectId), enabled: projectId > 0 });
  if (!projectId || (project.isError && isApiError(project.error) && [400, 404].includes(project.error.status))) {
    return <NotFound appID={params.appID} />;
  }
  if (project.isError) return <Alert severity="error">{project.error.message}</Alert>;
  if (!project.data) {
    return (
      <Box aria-busy="true" aria-label={t('loading')}>
        <Skeleton variant="text" width={320} height={44} />
        <Skeleton variant="text" width={240} />
        <Skeleton variant="rounded" height={96} sx={{ mt: 2 }} />
      </Box>
    );
  }
  return <ProjectView project={project.data} appID={params.appID ?? ''} actions={actions?.(project.data)} />;
}

function NotFound({ appID }: { appID?: string }) {
  const { t } = useTranslation('projectPage');
  return (
    <Box sx={{ py: 8, textAlign: 'center' }}>
      <Typography color="text.secondary">{t('notFound')}</Typography>
      <Button component={RouterLink} to={appID ? `/runtime/${appID}` : '/app'} sx={{ mt: 2 }}>
        {t('backToApp')}
      </Button>
    </Box>
  );
}

function ProjectView({ project, appID, actions }: { project: Project; appID: string; actions: ReactNode }) {
  const { t } = useTranslation('projectPage');
  const summary = useQuery(summaryQuery(project.id));
  const wbs = useQuery(wbsQuery(project.id));
  const members = useQuery(permissionsQuery(project.id));
  const me = getSession()?.loggedUser.id;
  const readOnly = !project.canEdit && members.data?.users.find((u) => u.id === me)?.role === 'read_only';
  const open = summary.data?.open ?? 0;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, pb: 4 }}>
      <ProjectHeader project={project} actions={actions} />
      {project.status === 'archived' && (
        <Alert severity="warning">{open > 0 ? t('archivedOpen', { count: open }) : t('archived')}</Alert>
      )}
      {readOnly && <Alert severity="info">{t('readOnly')}</Alert>}
      <Section title={t('progress')}>
        <Loaded query={summary}>{(s) => <Progress summary={s} />}</Loaded>
      </Section>
      <Section title={t('types')} bare>
        <Loaded query={summary}>{(s) => <TypeCounts projectId={project.id} types={s.types} />}</Loaded>
      </Section>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Section title={t('activity')}>
            <Loaded query={summary}>{(s) => <Activity appID={appID} entries={s.activity} />}</Loaded>
          </Section>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Section title={t('members')}>
            <Loaded query={members}>{(m) => <Members permissions={m} />}</Loaded>
          </Section>
        </Grid>
      </Grid>
      <Section title={t('wbs')}>
        <Loaded query={wbs}>{(w) => <WbsTree appID={appID} wbs={w} />}</Loaded>
      </Section>
    </Box>
  );
}

function Progress({ summary }: { summary: ProjectSummary }) {
  const { t, i18n } = useTranslation('projectPage');
  const totals = t('totals', { count: summary.total, open: summary.open });
  if (summary.progress === null) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('noProgress')} · {totals}
      </Typography>
    );
  }
  const value = formatPercent(summary.progress, i18n.language);
  return (
    <Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <Typography variant="body1" sx={{ fontWeight: 600 }}>
          {t('progressValue', { value })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {totals}
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={summary.progress}
        aria-label={t('progress')}
        aria-valuetext={t('progressValue', { value })}
        sx={{ height: 10, borderRadius: 5 }}
      />
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
        {t('progressHint')}
      </Typography>
    </Box>
  );
}

function Section({ title, bare, children }: { title: string; bare?: boolean; children: ReactNode }) {
  const heading = (
    <Typography variant="h6" component="h2" sx={{ fontSize: '1.05rem', fontWeight: 600, mb: 1.5 }}>
      {title}
    </Typography>
  );
  if (bare) {
    return (
      <Box component="section" aria-label={title}>
        {heading}
        {children}
      </Box>
    );
  }
  return (
    <Paper component="section" aria-label={title} variant="outlined" sx={{ p: 2 }}>
      {heading}
      {children}
    </Paper>
  );
}

function Loaded<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  const { t } = useTranslation('projectPage');
  if (query.isError) return <Alert severity="error">{t('loadError', { message: query.error.message })}</Alert>;
  if (!query.data) return <Skeleton variant="rounded" height={64} />;
  return <>{children(query.data)}</>;
}
