import '../i18n';
import { Fragment, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import VerifyIcon from '@mui/icons-material/VerifiedUserOutlined';
import ExpandIcon from '@mui/icons-material/KeyboardArrowDown';
import CollapseIcon from '@mui/icons-material/KeyboardArrowUp';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  auditLogQuery,
  exportAuditLog,
  usersQuery,
  verifyAuditLog,
  type AuditEvent,
  type AuditFilter,
  type UserRow,
} from '../api';
import { headerCellSx } from '../components/tableStyles';
import { DayField } from '../components/DayField';
import { PageHeader } from '../components/PageHeader';
import { firstUserMatches } from '../components/userOptions';
import { errorMessage, formatCount, formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../i18n';
import { actionKey, changesOf, periodOf, valueText } from './auditDetail';
import { useNotify } from '../components/useNotify';
import { AuditChainResult } from './AuditChainResult';
import { chainOutcome, type ChainOutcome } from './auditChain';

/** The kinds of event the action filter offers, by area; a prefix ending in '.' matches the whole area. */
const ACTION_GROUPS: { name: string; area: string; kinds: string[] }[] = [
  { name: 'user', area: 'admin.user.', kinds: ['admin.user.created', 'admin.user.updated', 'admin.user.deleted'] },
  {
    name: 'group',
    area: 'admin.group.',
    kinds: ['admin.group.created', 'admin.group.renamed', 'admin.group.members', 'admin.group.deleted'],
  },
  {
    name: 'orgUnit',
    area: 'admin.orgUnit.',
    kinds: ['admin.orgUnit.created', 'admin.orgUnit.updated', 'admin.orgUnit.deleted'],
  },
  {
    name: 'company',
    area: 'admin.company.',
    kinds: ['admin.company.created', 'admin.company.updated', 'admin.company.deleted'],
  },
  {
    name: 'additionalField',
    area: 'admin.additionalField.',
    kinds: ['admin.additionalField.created', 'admin.additionalField.updated', 'admin.additionalField.deleted'],
  },
  { name: 'mailServer', area: 'admin.mailServer.', kinds: ['admin.mailServer.updated', 'admin.mailServer.tested'] },
  { name: 'platform', area: 'admin.', kinds: ['admin.plan.updated', 'admin.settings.updated', 'terms.published'] },
  { name: 'resource', area: 'resource.', kinds: ['resource.created', 'resource.updated', 'resource.deleted'] },
  {
    name: 'signin',
    area: 'signin.',
    kinds: [
      'signin.success',
      'signin.failure',
      'signin.refused',
      'signin.locked',
      'signin.inactive',
      'signin.passwordChangeRequired',
      'signin.logout',
    ],
  },
  {
    name: 'password',
    area: 'password.',
    kinds: ['password.changed', 'password.changeFailure', 'password.resetRequested', 'password.resetMailFailed'],
  },
  { name: 'mfa', area: 'mfa.', kinds: ['mfa.enrolled', 'mfa.validated', 'mfa.failure', 'mfa.exhausted', 'mfa.reset'] },
];

const ENTITIES = ['user', 'group', 'company', 'additionalField', 'mailServer', 'plan', 'settings', 'resource'] as const;

interface FilterForm {
  user: UserRow | null;
  action: string;
  entity: string;
  fromDay: string;
  toDay: string;
}

const EMPTY: FilterForm = { user: null, action: '', entity: '', fromDay: '', toDay: '' };

function toFilter(form: FilterForm): AuditFilter {
  return {
    userId: form.user?.id,
    action: form.action || undefined,
    entity: form.entity || undefined,
    ...periodOf(form.fromDay, form.toDay),
  };
}

/**
 * The audit trail (/administration/log): every administrative change and sign-in event, newest
 * first, filtered by user, action, entity and period, paged by the server, exported to CSV; its
 * hash chain checked whole on demand ("Verificar integridade").
 */
export default function AuditLogPage() {
  const { t } = useTranslation('admin');
  const notify = useNotify();
  const language = currentLanguage();
  const [form, setForm] = useState<FilterForm>(EMPTY);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  const [open, setOpen] = useState<number | null>(null);
  const [exporting, setExporting] = useState(false);
  const [verifying, setVerifying] = useState(false);
  const [chain, setChain] = useState<ChainOutcome | null>(null);
  const filter = toFilter(form);
  const log = useQuery(auditLogQuery(filter, page, pageSize));
  const users = useQuery(usersQuery());
  const actions = t('log.actions', { returnObjects: true }) as Record<string, string>;
  const areas = t('log.areas', { returnObjects: true }) as Record<string, string>;
  const entities = t('log.entities', { returnObjects: true }) as Record<string, string>;
  const actionName = (kind: string) => actions[actionKey(kind)] ?? kind;
  const entityName = (entity: string) => entities[entity] ?? entity;

  const change = (next: Partial<FilterForm>) => {
    setForm((current) => ({ ...current, ...next }));
    setPage(0);
  };

  const download = async () => {
    setExporting(true);
    try {
      const blob = await exportAuditLog(filter);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = 'audit-log.csv';
      document.body.appendChild(link);
      link.click();
      link.remove();
      window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      notify.failure(error);
    } finally {
      setExporting(false);
    }
  };

  const verify = async () => {
    setVerifying(true);
    setChain(null);
    try {
      setChain(chainOutcome(await verifyAuditLog()));
    } catch (error) {
      notify.failure(error);
    } finally {
      setVerifying(false);
    }
  };

  const rows = log.data?.rows;
  const filtered = JSON.stringify(form) !== JSON.stringify(EMPTY);

  return (
    <>
      <PageHeader
        title={t('nav.log')}
        description={t('log.description')}
        actions={
          <>
            <Button variant="outlined" startIcon={<VerifyIcon />} disabled={verifying} onClick={() => void verify()}>
              {verifying ? t('log.verifying') : t('log.verify')}
            </Button>
            <Button
              variant="outlined"
              startIcon={<DownloadIcon />}
              disabled={exporting}
              onClick={() => void download()}
            >
              {t('log.export')}
            </Button>
          </>
        }
      />
      {chain && <AuditChainResult outcome={chain} actionName={actionName} onClose={() => setChain(null)} />}
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Grid container spacing={2} sx={{ alignItems: 'center' }}>
          <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
            <Autocomplete
              size="small"
              options={users.data ?? []}
              value={form.user}
              onChange={(_, user) => change({ user })}
              getOptionLabel={(user) => `${user.name} (${user.login})`}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              filterOptions={firstUserMatches}
              renderInput={(params) => <TextField {...params} label={t('log.user')} />}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
            <TextField
              select
              size="small"
              label={t('log.action')}
              value={form.action}
              onChange={(event) => change({ action: event.target.value })}
            >
              <MenuItem value="">
                <em>{t('log.allActions')}</em>
              </MenuItem>
              {ACTION_GROUPS.flatMap((group) => [
                <ListSubheader key={`${group.area}-header`}>{areas[group.name] ?? group.name}</ListSubheader>,
                ...(group.area !== 'admin.'
                  ? [
                      <MenuItem key={group.area} value={group.area} sx={{ fontStyle: 'italic' }}>
                        {t('log.everyAction')}
                      </MenuItem>,
                    ]
                  : []),
                ...group.kinds.map((kind) => (
                  <MenuItem key={kind} value={kind}>
                    {actionName(kind)}
                  </MenuItem>
                )),
              ])}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 4, lg: 2 }}>
            <TextField
              select
              size="small"
              label={t('log.entity')}
              value={form.entity}
              onChange={(event) => change({ entity: event.target.value })}
            >
              <MenuItem value="">
                <em>{t('log.allEntities')}</em>
              </MenuItem>
              {ENTITIES.map((entity) => (
                <MenuItem key={entity} value={entity}>
                  {entityName(entity)}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 6, sm: 4, lg: 2 }}>
            <DayField
              size="small"
              label={t('log.from')}
              value={form.fromDay}
              onChange={(fromDay, invalid) => !invalid && change({ fromDay })}
            />
          </Grid>
          <Grid size={{ xs: 6, sm: 4, lg: 2 }}>
            <DayField
              size="small"
              label={t('log.to')}
              value={form.toDay}
              onChange={(toDay, invalid) => !invalid && change({ toDay })}
            />
          </Grid>
        </Grid>
        {filtered && (
          <Button size="small" sx={{ mt: 1.5 }} onClick={() => change(EMPTY)}>
            {t('log.clearFilters')}
          </Button>
        )}
      </Paper>
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Box sx={{ height: 3 }}>
          {log.isFetching && <LinearProgress sx={{ height: 3 }} aria-label={t('common.loading')} />}
        </Box>
        <TableContainer tabIndex={0} role="region" aria-label={t('nav.log')}>
          <Table size="small" aria-label={t('nav.log')}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ ...headerCellSx, width: 40 }} />
                <TableCell sx={{ ...headerCellSx, width: 150 }}>{t('log.at')}</TableCell>
                <TableCell sx={headerCellSx}>{t('log.user')}</TableCell>
                <TableCell sx={headerCellSx}>{t('log.action')}</TableCell>
                <TableCell sx={headerCellSx}>{t('log.entity')}</TableCell>
                <TableCell sx={headerCellSx}>{t('log.address')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows?.map((event) => (
                <Fragment key={event.id}>
                  <TableRow
                    hover
                    onClick={() => setOpen(open === event.id ? null : event.id)}
                    sx={{ cursor: 'pointer', '& > td': { borderBottom: open === event.id ? 'none' : undefined } }}
                  >
                    <TableCell>
                      <IconButton
                        size="small"
                        aria-label={open === event.id ? t('log.hideDetail') : t('log.showDetail')}
                        aria-expanded={open === event.id}
                      >
                        {open === event.id ? <CollapseIcon fontSize="small" /> : <ExpandIcon fontSize="small" />}
                      </IconButton>
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                      {formatDateTime(event.at)}
                    </TableCell>
                    <TableCell>{event.login || '—'}</TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        variant="outlined"
                        color={actionColor(event.action)}
                        label={actionName(event.action)}
                      />
                    </TableCell>
                    <TableCell>
                      {event.entity ? entityName(event.entity) : '—'}
                      {event.entityId !== null && (
                        <Typography component="span" variant="caption" color="text.secondary">
                          {' '}
                          #{event.entityId}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell sx={{ fontFamily: 'monospace', fontSize: 12 }}>{event.address}</TableCell>
                  </TableRow>
                  <TableRow>
                    <TableCell colSpan={6} sx={{ py: 0, ...(open === event.id ? {} : { borderBottom: 'none' }) }}>
                      <Collapse in={open === event.id} unmountOnExit>
                        <EventDetail event={event} />
                      </Collapse>
                    </TableCell>
                  </TableRow>
                </Fragment>
              ))}
              {(log.isError || rows?.length === 0) && (
                <TableRow>
                  <TableCell
                    colSpan={6}
                    sx={{ py: 6, textAlign: 'center', color: log.isError ? 'error.main' : 'text.secondary' }}
                  >
                    {log.isError ? errorMessage(log.error, t('common.loadError')) : t('common.empty')}
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={log.data?.total ?? 0}
          page={page}
          onPageChange={(_, next) => setPage(next)}
          rowsPerPage={pageSize}
          onRowsPerPageChange={(event) => {
            setPageSize(Number(event.target.value));
            setPage(0);
          }}
          rowsPerPageOptions={[25, 50, 100]}
          labelRowsPerPage={t('log.rowsPerPage')}
          labelDisplayedRows={({ from, to, count }) =>
            t('log.displayedRows', { from, to, count: formatCount(count, language) })
          }
          getItemAriaLabel={(type) => t(`log.page.${type}`)}
        />
      </Paper>
    </>
  );
}

function actionColor(kind: string): 'default' | 'success' | 'error' | 'primary' | 'warning' {
  if (kind.endsWith('.deleted') || kind.endsWith('failure') || kind.endsWith('.locked') || kind.endsWith('.refused'))
    return 'error';
  if (kind.endsWith('.created') || kind === 'signin.success') return 'success';
  if (kind.startsWith('admin.')) return 'primary';
  return 'default';
}

function EventDetail({ event }: { event: AuditEvent }) {
  const { t } = useTranslation('admin');
  const words = { yes: t('common.yes'), no: t('common.no') };
  const changes = changesOf(event.detail, words);
  if (changes === undefined) {
    const entries =
      typeof event.detail === 'object' && event.detail !== null
        ? Object.entries(event.detail as Record<string, unknown>)
        : [];
    return (
      <Box sx={{ mb: 2, border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}>
        <Table size="small" aria-label={t('log.detail')}>
          <TableBody>
            {entries.length === 0 && (
              <TableRow>
                <TableCell sx={{ color: 'text.secondary' }}>{t('log.noDetail')}</TableCell>
              </TableRow>
            )}
            {entries.map(([key, value]) => (
              <TableRow key={key}>
                <TableCell sx={{ fontWeight: 600, width: 200 }}>{key}</TableCell>
                <TableCell sx={{ wordBreak: 'break-word', fontFamily: 'monospace', fontSize: 12 }}>
                  {valueText(value, words)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    );
  }
  return (
    <Box sx={{ mb: 2, border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}>
      <Table size="small" aria-label={t('log.changes')}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ ...headerCellSx, width: 200 }}>{t('log.field')}</TableCell>
            <TableCell sx={headerCellSx}>{t('log.before')}</TableCell>
            <TableCell sx={headerCellSx}>{t('log.after')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {changes.length === 0 && (
            <TableRow>
              <TableCell colSpan={3} sx={{ color: 'text.secondary' }}>
                {t('log.noChanges')}
              </TableCell>
            </TableRow>
          )}
          {changes.map((change) => (
            <TableRow key={change.key}>
              <TableCell sx={{ fontWeight: 600 }}>{change.key}</TableCell>
              <TableCell sx={{ color: 'error.main', wordBreak: 'break-word', fontFamily: 'monospace', fontSize: 12 }}>
                {change.before}
              </TableCell>
              <TableCell sx={{ color: 'success.main', wordBreak: 'break-word', fontFamily: 'monospace', fontSize: 12 }}>
                {change.after}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
