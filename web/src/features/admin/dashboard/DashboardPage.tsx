import '../i18n';
import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PeopleIcon from '@mui/icons-material/PeopleAltOutlined';
import SessionsIcon from '@mui/icons-material/DevicesOutlined';
import StorageIcon from '@mui/icons-material/StorageOutlined';
import AppsIcon from '@mui/icons-material/AppsOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { currentLanguage } from '../../../i18n';
import { dashboardQuery, planQuery, type Plan } from '../api';
import { PageHeader } from '../components/PageHeader';
import { errorMessage, formatBytes, formatCount, formatDateTime } from '../../../lib/format';
import { actionKey } from '../log/auditDetail';
import PlanDialog from './PlanDialog';
import { usageShare } from './usage';

/**
 * The contracted plan page (/administration/{title}, spec section 2) and the administration's
 * dashboard: counts of users, sessions and storage, the plan's limits with their usage, and the
 * latest audit events.
 */
export default function DashboardPage() {
  const { t } = useTranslation('admin');
  const language = currentLanguage();
  const dashboard = useQuery(dashboardQuery());
  const plan = useQuery(planQuery());
  const [editing, setEditing] = useState(false);
  const actions = t('log.actions', { returnObjects: true }) as Record<string, string>;
  const d = dashboard.data;

  return (
    <>
      <PageHeader
        title={t('dashboard.title')}
        description={t('dashboard.description')}
        actions={
          plan.data && (
            <Button variant="outlined" startIcon={<EditIcon />} onClick={() => setEditing(true)}>
              {t('plan.edit')}
            </Button>
          )
        }
      />
      {(dashboard.isError || plan.isError) && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorMessage(dashboard.error ?? plan.error, t('common.loadError'))}
        </Alert>
      )}
      <Grid container spacing={2} sx={{ mb: 2.5 }}>
        <Stat
          icon={<PeopleIcon />}
          label={t('dashboard.users')}
          value={d && formatCount(d.users, language)}
          hint={
            d && t('dashboard.activeUsers', { count: d.activeUsers, formatted: formatCount(d.activeUsers, language) })
          }
        />
        <Stat
          icon={<SessionsIcon />}
          label={t('dashboard.sessions')}
          value={d && formatCount(d.activeSessions, language)}
          hint={t('dashboard.sessionsHint')}
        />
        <Stat
          icon={<StorageIcon />}
          label={t('dashboard.storage')}
          value={d && formatBytes(d.storageBytes, language)}
          hint={t('dashboard.storageHint')}
        />
        <Stat
          icon={<AppsIcon />}
          label={t('dashboard.applications')}
          value={plan.data && formatCount(plan.data.usage.applications, language)}
          hint={t('dashboard.applicationsHint')}
        />
      </Grid>
      <Grid container spacing={2.5}>
        <Grid size={{ xs: 12, lg: 5 }}>
          <Card variant="outlined" component="section" aria-labelledby="plan-title" sx={{ height: '100%' }}>
            <CardContent sx={{ p: 3 }}>
              <Typography variant="overline" color="text.secondary" sx={{ fontWeight: 700 }}>
                {t('plan.title')}
              </Typography>
              <Typography id="plan-title" variant="h5" component="h2" sx={{ fontWeight: 700, mb: 2.5 }}>
                {plan.data ? plan.data.name : <Skeleton width={160} />}
              </Typography>
              {plan.data && <PlanUsage plan={plan.data} />}
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, lg: 7 }}>
          <Card variant="outlined" component="section" aria-labelledby="recent-title" sx={{ height: '100%' }}>
            <CardContent sx={{ p: 3, pb: 1 }}>
              <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
                <Typography id="recent-title" variant="h6" component="h2" sx={{ fontWeight: 700, fontSize: 16 }}>
                  {t('dashboard.recent')}
                </Typography>
                <Button component={RouterLink} to="/administration/log" size="small">
                  {t('dashboard.openLog')}
                </Button>
              </Stack>
              {!d && !dashboard.isError && <LinearProgress />}
              {d?.recentEvents.length === 0 && (
                <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
                  {t('common.empty')}
                </Typography>
              )}
              <List dense disablePadding>
                {d?.recentEvents.map((event) => (
                  <ListItem key={event.id} divider disableGutters>
                    <ListItemText
                      primary={actions[actionKey(event.action)] ?? event.action}
                      secondary={`${event.login || '—'} · ${formatDateTime(event.at)}`}
                      slotProps={{ primary: { sx: { fontWeight: 600, fontSize: 13 } } }}
                    />
                  </ListItem>
                ))}
              </List>
            </CardContent>
          </Card>
        </Grid>
      </Grid>
      {editing && plan.data && <PlanDialog plan={plan.data} onClose={() => setEditing(false)} />}
    </>
  );
}

function Stat({
  icon,
  label,
  value,
  hint,
}: {
  icon: ReactNode;
  label: string;
  value: string | undefined;
  hint?: string;
}) {
  return (
    <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
      <Card variant="outlined" sx={{ height: '100%' }}>
        <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', p: 2.5 }}>
          <Box
            sx={{
              width: 44,
              height: 44,
              borderRadius: 2,
              display: 'grid',
              placeItems: 'center',
              bgcolor: 'primary.main',
              color: 'primary.contrastText',
              flexShrink: 0,
            }}
          >
            {icon}
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography variant="h5" component="p" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
              {value ?? <Skeleton width={60} />}
            </Typography>
            {hint && (
              <Typography variant="caption" color="text.secondary">
                {hint}
              </Typography>
            )}
          </Box>
        </CardContent>
      </Card>
    </Grid>
  );
}

function PlanUsage({ plan }: { plan: Plan }) {
  const { t } = useTranslation('admin');
  const language = currentLanguage();
  const lines = [
    {
      key: 'users',
      label: t('plan.users'),
      used: plan.usage.users,
      limit: plan.limits.users,
      format: (n: number) => formatCount(n, language),
    },
    {
      key: 'storage',
      label: t('plan.storage'),
      used: plan.usage.storageBytes,
      limit: plan.limits.storageBytes,
      format: (n: number) => formatBytes(n, language),
    },
    {
      key: 'applications',
      label: t('plan.applications'),
      used: plan.usage.applications,
      limit: plan.limits.applications,
      format: (n: number) => formatCount(n, language),
    },
  ];
  return (
    <Stack spacing={2.5}>
      {lines.map((line) => {
        const share = usageShare(line.used, line.limit);
        return (
          <Box key={line.key}>
            <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 0.75 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {line.label}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {line.limit === null
                  ? t('plan.usedUnlimited', { used: line.format(line.used) })
                  : t('plan.usedOf', { used: line.format(line.used), limit: line.format(line.limit) })}
              </Typography>
            </Stack>
            <LinearProgress
              variant="determinate"
              value={share ?? 0}
              color={
                share !== undefined && share >= 90
                  ? 'error'
                  : share !== undefined && share >= 75
                    ? 'warning'
                    : 'primary'
              }
              sx={{ height: 8, borderRadius: 4 }}
              aria-label={line.label}
            />
            {line.key === 'storage' && plan.usage.databaseBytes !== undefined && plan.usage.fileBytes !== undefined && (
              // The two parts the storage limit is checked against (planlimit.StorageUsed): the
              // database itself and the files (attachments, digital content, kept spreadsheets).
              <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
                {t('plan.storageParts', {
                  database: formatBytes(plan.usage.databaseBytes, language),
                  files: formatBytes(plan.usage.fileBytes, language),
                })}
              </Typography>
            )}
          </Box>
        );
      })}
    </Stack>
  );
}
