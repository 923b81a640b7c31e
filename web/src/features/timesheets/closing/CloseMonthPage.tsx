import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import EventAvailable from '@mui/icons-material/EventAvailable';
import LockOpenOutlined from '@mui/icons-material/LockOpenOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../../api/client';
import { useSession } from '../../../app/useSession';
import { useDialogs } from '../../../components/dialogs/useDialogs';
import { StatusView } from '../../../components/StatusView';
import { useDebounced } from '../../../components/useDebounced';
import { useMenuTitle } from '../../portal';
import { timesheetKeys } from '../../forms';
import { weekKeys } from '../api';
import { closeMonth, closingKeys, monthClosingQuery, reopenMonth, type MonthClosing, type MonthPerson } from './api';
import { addMonths, currentMonth, hoursText, isMonth } from './month';
import { ReopenDialog } from './ReopenDialog';
import './i18n';

/**
 * /runtime/{appID}/closeMonthList/{title} (spec section 2): each person's month — hours logged,
 * expected from the work calendar, entries waiting for approval — closed for one, a selection or all
 * shown, and reopened with a reason. ?month=YYYY-MM keeps the month across reloads. Panel
 * administrators only (docs/timesheets.md, "Month closing"); anyone else is told so plainly.
 */
export default function CloseMonthPage() {
  const { t } = useTranslation('closing');
  const { title: pathTitle = '' } = useParams();
  const title = useMenuTitle(pathTitle);
  const session = useSession();
  const admin = session?.hasPanelAdminPermission === true;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      {admin ? (
        <MonthScreen />
      ) : (
        <StatusView
          icon={<LockOutlined sx={{ fontSize: 56, color: 'text.disabled' }} />}
          title={t('noAccessTitle')}
          description={t('noAccess')}
        />
      )}
    </Box>
  );
}

function MonthScreen() {
  const { t, i18n } = useTranslation('closing');
  const [params, setParams] = useSearchParams();
  const asked = params.get('month') ?? '';
  const month = isMonth(asked) ? asked : currentMonth();
  const [name, setName] = useState('');
  const [companyId, setCompanyId] = useState(0);
  const [state, setState] = useState<'' | 'open' | 'closed'>('');
  const filter = { month, companyId, name: useDebounced(name.trim()), state };
  const query = useQuery({ ...monthClosingQuery(filter), placeholderData: keepPreviousData });
  const monthLabel = new Intl.DateTimeFormat(i18n.language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-15T12:00:00Z`),
  );
  const shownMonth = monthLabel.charAt(0).toUpperCase() + monthLabel.slice(1);
  const goTo = (m: string) => setParams({ month: m });

  if (query.isError && isApiError(query.error) && query.error.status === 403) {
    return (
      <StatusView
        icon={<LockOutlined sx={{ fontSize: 56, color: 'text.disabled' }} />}
        title={t('noAccessTitle')}
        description={query.error.message}
      />
    );
  }
  const data = query.data?.month === month ? query.data : undefined;
  return (
    <>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Tooltip title={t('previousMonth')}>
          <IconButton aria-label={t('previousMonth')} onClick={() => goTo(addMonths(month, -1))}>
            <ChevronLeft />
          </IconButton>
        </Tooltip>
        <Button
          size="small"
          variant="outlined"
          onClick={() => goTo(currentMonth())}
          disabled={month === currentMonth()}
        >
          {t('thisMonth')}
        </Button>
        <Tooltip title={t('nextMonth')}>
          <span>
            <IconButton
              aria-label={t('nextMonth')}
              onClick={() => goTo(addMonths(month, 1))}
              disabled={month >= currentMonth()}
            >
              <ChevronRight />
            </IconButton>
          </span>
        </Tooltip>
        <Typography variant="subtitle1" component="h2" sx={{ mx: 1, minWidth: 160 }} aria-live="polite">
          {shownMonth}
        </Typography>
        <Box sx={{ flex: 1 }} />
        <TextField
          size="small"
          label={t('filterName')}
          value={name}
          onChange={(event) => setName(event.target.value.slice(0, 200))}
          sx={{ width: 200 }}
        />
        <TextField
          select
          size="small"
          label={t('filterCompany')}
          value={String(companyId)}
          onChange={(event) => setCompanyId(Number(event.target.value))}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          sx={{ width: 180 }}
        >
          <MenuItem value="0">{t('anyCompany')}</MenuItem>
          {(query.data?.companies ?? []).map((c) => (
            <MenuItem key={c.id} value={String(c.id)}>
              {c.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('filterState')}
          value={state}
          onChange={(event) => setState(event.target.value as '' | 'open' | 'closed')}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          sx={{ width: 140 }}
        >
          <MenuItem value="">{t('anyState')}</MenuItem>
          <MenuItem value="open">{t('stateOpen')}</MenuItem>
          <MenuItem value="closed">{t('stateClosed')}</MenuItem>
        </TextField>
      </Stack>
      {query.isError && !data ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              {t('retry')}
            </Button>
          }
        >
          {isApiError(query.error) ? query.error.message : t('loadFailed')}
        </Alert>
      ) : data ? (
        <MonthTable key={month} data={data} monthName={shownMonth} future={month > currentMonth()} />
      ) : (
        <Box aria-busy="true" aria-label={t('loading')}>
          <Skeleton variant="rounded" height={240} />
        </Box>
      )}
    </>
  );
}

function MonthTable({ data, monthName, future }: { data: MonthClosing; monthName: string; future: boolean }) {
  const { t, i18n } = useTranslation('closing');
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const { confirm } = useDialogs();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [refusal, setRefusal] = useState('');
  const [reopening, setReopening] = useState<MonthPerson | null>(null);
  const [reopenError, setReopenError] = useState('');
  const open = data.people.filter((p) => !p.closed);
  const chosen = open.filter((p) => selected.has(p.userId));
  const dateTime = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: closingKeys.all });
    // The people's weeks and item controls now say which days are closed.
    void queryClient.invalidateQueries({ queryKey: weekKeys.all });
    void queryClient.invalidateQueries({ queryKey: timesheetKeys.item(0).slice(0, -1) });
  };
  const close = useMutation({
    mutationFn: (ids: number[]) => closeMonth(data.month, ids),
    onSuccess: (answer) => {
      setSelected(new Set());
      setRefusal('');
      refresh();
      enqueueSnackbar(t('closed', { count: answer.changed, month: monthName }), { variant: 'success' });
    },
    onError: (e) => setRefusal(isApiError(e) ? e.message : String(e)),
  });
  const reopen = useMutation({
    mutationFn: ({ person, reason }: { person: MonthPerson; reason: string }) =>
      reopenMonth(data.month, person.userId, reason),
    onSuccess: (_, { person }) => {
      setReopening(null);
      refresh();
      enqueueSnackbar(t('reopened', { month: monthName, name: person.name }), { variant: 'success' });
    },
    onError: (e) => setReopenError(isApiError(e) ? e.message : String(e)),
  });
  const askClose = (people: MonthPerson[]) => {
    if (people.length === 0 || close.isPending) return;
    confirm(
      t('confirmClose', { count: people.length, month: monthName }),
      t('confirmTitle', { month: monthName }),
    ).then(
      () => close.mutate(people.map((p) => p.userId)),
      () => undefined,
    );
  };
  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const allChosen = open.length > 0 && chosen.length === open.length;

  return (
    <>
      {future && <Alert severity="info">{t('future')}</Alert>}
      {refusal && (
        <Alert severity="error" role="alert" onClose={() => setRefusal('')}>
          {refusal}
        </Alert>
      )}
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary" role="status">
          {t('selected', { count: chosen.length })}
        </Typography>
        <Box sx={{ flex: 1 }} />
        <Button
          variant="outlined"
          startIcon={<LockOutlined />}
          disabled={chosen.length === 0 || close.isPending || future}
          onClick={() => askClose(chosen)}
        >
          {t('closeSelected', { count: chosen.length })}
        </Button>
        <Button
          variant="contained"
          startIcon={<EventAvailable />}
          disabled={open.length === 0 || close.isPending || future}
          onClick={() => askClose(open)}
        >
          {t('closeAll', { count: open.length })}
        </Button>
      </Stack>
      {data.people.length === 0 ? (
        <Paper variant="outlined" sx={{ py: 6, px: 3, textAlign: 'center' }}>
          <EventAvailable sx={{ fontSize: 48, color: 'text.disabled' }} />
          <Typography variant="h6" component="p" sx={{ mt: 1 }}>
            {t('empty')}
          </Typography>
          <Typography color="text.secondary" sx={{ maxWidth: 560, mx: 'auto', mt: 1 }}>
            {t('emptyHint')}
          </Typography>
        </Paper>
      ) : (
        <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
          <Table size="small" aria-label={monthName}>
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={allChosen}
                    indeterminate={chosen.length > 0 && !allChosen}
                    disabled={open.length === 0 || future}
                    onChange={() => setSelected(allChosen ? new Set() : new Set(open.map((p) => p.userId)))}
                    slotProps={{ input: { 'aria-label': t('selectAll') } }}
                  />
                </TableCell>
                <TableCell>{t('person')}</TableCell>
                <TableCell>{t('company')}</TableCell>
                <TableCell align="right">{t('logged')}</TableCell>
                <TableCell align="right">{t('expected')}</TableCell>
                <TableCell align="right">{t('balance')}</TableCell>
                <TableCell>{t('pending')}</TableCell>
                <TableCell>{t('state')}</TableCell>
                <TableCell align="right">
                  <Box
                    component="span"
                    sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
                  >
                    {t('actions')}
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.people.map((p) => {
                const balance = p.loggedMinutes - p.expectedMinutes;
                return (
                  <TableRow key={p.userId} hover selected={selected.has(p.userId) && !p.closed}>
                    <TableCell padding="checkbox">
                      {!p.closed && (
                        <Checkbox
                          checked={selected.has(p.userId)}
                          disabled={future}
                          onChange={() => toggle(p.userId)}
                          slotProps={{ input: { 'aria-label': t('selectPerson', { name: p.name }) } }}
                        />
                      )}
                    </TableCell>
                    <TableCell component="th" scope="row" sx={{ fontWeight: 500 }}>
                      {p.name}
                    </TableCell>
                    <TableCell>{p.companyName}</TableCell>
                    <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                      {hoursText(p.loggedMinutes)}
                    </TableCell>
                    <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                      {hoursText(p.expectedMinutes)}
                    </TableCell>
                    <TableCell
                      align="right"
                      sx={{ fontVariantNumeric: 'tabular-nums', color: balance < 0 ? 'text.secondary' : undefined }}
                    >
                      {balance > 0 ? '+' : balance < 0 ? '−' : ''}
                      {hoursText(Math.abs(balance))}
                    </TableCell>
                    <TableCell>
                      {p.pendingApprovals > 0 ? (
                        <Chip size="small" color="warning" label={t('pendingCount', { count: p.pendingApprovals })} />
                      ) : (
                        <Typography variant="body2" color="text.secondary">
                          {t('pendingCount', { count: 0 })}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>
                      {p.closed ? (
                        <Tooltip
                          title={t('closedBy', {
                            name: p.closedBy || '—',
                            date: p.closedAt ? dateTime.format(new Date(p.closedAt)) : '',
                          })}
                        >
                          <Chip
                            size="small"
                            icon={<LockOutlined />}
                            label={t('stateClosed')}
                            aria-description={t('closedBy', {
                              name: p.closedBy || '—',
                              date: p.closedAt ? dateTime.format(new Date(p.closedAt)) : '',
                            })}
                          />
                        </Tooltip>
                      ) : (
                        <Chip size="small" variant="outlined" icon={<LockOpenOutlined />} label={t('stateOpen')} />
                      )}
                    </TableCell>
                    <TableCell align="right">
                      {p.closed && (
                        <Button
                          size="small"
                          aria-label={t('reopenPerson', { name: p.name })}
                          onClick={() => {
                            setReopenError('');
                            setReopening(p);
                          }}
                        >
                          {t('reopen')}
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
            <TableFooter>
              <TableRow>
                <TableCell />
                <TableCell colSpan={2} sx={{ fontWeight: 600, color: 'text.primary' }}>
                  {t('total', { count: data.totals.people, closed: data.totals.closed })}
                </TableCell>
                <TableCell
                  align="right"
                  sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600, color: 'text.primary' }}
                >
                  {hoursText(data.totals.loggedMinutes)}
                </TableCell>
                <TableCell
                  align="right"
                  sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600, color: 'text.primary' }}
                >
                  {hoursText(data.totals.expectedMinutes)}
                </TableCell>
                <TableCell />
                <TableCell sx={{ color: 'text.primary' }}>
                  {t('pendingCount', { count: data.totals.pendingApprovals })}
                </TableCell>
                <TableCell colSpan={2} />
              </TableRow>
            </TableFooter>
          </Table>
        </TableContainer>
      )}
      {reopening && (
        <ReopenDialog
          title={t('reopenTitle', { month: monthName, name: reopening.name })}
          busy={reopen.isPending}
          error={reopenError}
          onReopen={(reason) => reopen.mutate({ person: reopening, reason })}
          onClose={() => setReopening(null)}
        />
      )}
    </>
  );
}
