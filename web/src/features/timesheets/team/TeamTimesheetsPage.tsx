import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import HighlightOff from '@mui/icons-material/HighlightOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../../api/client';
import { DateInput } from '../../../components/DateInput';
import { useDialogs } from '../../../components/dialogs/useDialogs';
import { saveBlob } from '../../../lib/download';
import { useMenuTitle } from '../../portal';
import {
  approveTimeEntries,
  exportTeamTimesheets,
  rejectTimeEntries,
  teamKeys,
  teamQuery,
  weekKeys,
  type EntryState,
  type Team,
  type TeamEntry,
  type TeamFilter,
} from '../api';
import { addDays, isDay, localToday, sundayOf } from '../week';
import { RejectDialog } from './RejectDialog';
import { filterFrom, hoursText, selectable, stateColor } from './team';
import '../i18n';

const DATE_FORMAT = 'DD/MM/YYYY';
const showDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const fromShown = (text: string) => {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : '';
};
const STATES: EntryState[] = ['submitted', 'draft', 'rejected', 'approved'];
const PAGE_SIZES = [50, 100, 250];

/**
 * /runtime/{appID}/timesheetList/{title} (spec section 2): the hours of the people of the projects the
 * caller manages, by period, project, person and state; submitted entries are approved or rejected
 * with a reason, one or many at once. The filters live in the address, so a reload keeps them.
 */
export default function TeamTimesheetsPage() {
  const { t } = useTranslation('timesheets');
  const { title: pathTitle = '' } = useParams();
  const title = useMenuTitle(pathTitle);
  const [params, setParams] = useSearchParams();
  const today = localToday();
  const filter = filterFrom(params, sundayOf(addDays(today, -28)), addDays(sundayOf(today), 6));
  const query = useQuery({ ...teamQuery(filter), placeholderData: keepPreviousData });

  const setFilter = (change: Partial<TeamFilter>) => {
    const next = { ...filter, ...change };
    setParams(
      {
        from: next.from,
        to: next.to,
        ...(next.projectId ? { project: String(next.projectId) } : {}),
        ...(next.userId ? { person: String(next.userId) } : {}),
        state: next.state || 'all',
      },
      { replace: true },
    );
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      <Filters filter={filter} team={query.data} onChange={setFilter} />
      {query.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              {t('retry')}
            </Button>
          }
        >
          {isApiError(query.error) ? query.error.message : t('team.loadFailed')}
        </Alert>
      ) : query.data ? (
        <TeamTable
          key={JSON.stringify(filter)}
          team={query.data}
          filter={filter}
          busy={query.isFetching}
          onState={(state) => setFilter({ state })}
        />
      ) : (
        <Box aria-busy="true" aria-label={t('team.loading')}>
          <Skeleton variant="rounded" height={240} />
        </Box>
      )}
    </Box>
  );
}

function Filters({
  filter,
  team,
  onChange,
}: {
  filter: TeamFilter;
  team?: Team;
  onChange: (change: Partial<TeamFilter>) => void;
}) {
  const { t } = useTranslation('timesheets');
  // The dates apply once they are whole days, so typing one does not ask the server on every key.
  const [from, setFrom] = useState(showDate(filter.from));
  const [to, setTo] = useState(showDate(filter.to));
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      <Box sx={{ width: 180 }}>
        <DateInput
          size="small"
          fullWidth
          format={DATE_FORMAT}
          label={t('team.from')}
          openLabel={t('team.openFrom')}
          value={from}
          onChange={(text) => {
            setFrom(text);
            const day = fromShown(text);
            if (isDay(day)) onChange({ from: day });
          }}
        />
      </Box>
      <Box sx={{ width: 180 }}>
        <DateInput
          size="small"
          fullWidth
          format={DATE_FORMAT}
          label={t('team.to')}
          openLabel={t('team.openTo')}
          value={to}
          onChange={(text) => {
            setTo(text);
            const day = fromShown(text);
            if (isDay(day)) onChange({ to: day });
          }}
        />
      </Box>
      <TextField
        select
        size="small"
        label={t('team.project')}
        value={filter.projectId}
        onChange={(event) => onChange({ projectId: Number(event.target.value) })}
        sx={{ width: 260 }}
      >
        <MenuItem value={0}>{t('team.allProjects')}</MenuItem>
        {(team?.projects ?? []).map((p) => (
          <MenuItem key={p.id} value={p.id}>
            {p.name}
          </MenuItem>
        ))}
        {filter.projectId && !team?.projects.some((p) => p.id === filter.projectId) ? (
          <MenuItem value={filter.projectId}>{t('team.unknownProject')}</MenuItem>
        ) : null}
      </TextField>
      <TextField
        select
        size="small"
        label={t('team.person')}
        value={filter.userId}
        onChange={(event) => onChange({ userId: Number(event.target.value) })}
        sx={{ width: 240 }}
      >
        <MenuItem value={0}>{t('team.allPeople')}</MenuItem>
        {(team?.people ?? []).map((p) => (
          <MenuItem key={p.id} value={p.id}>
            {p.name}
          </MenuItem>
        ))}
        {filter.userId && !team?.people.some((p) => p.id === filter.userId) ? (
          <MenuItem value={filter.userId}>{t('team.unknownPerson')}</MenuItem>
        ) : null}
      </TextField>
    </Stack>
  );
}

function TeamTable({
  team,
  filter,
  busy,
  onState,
}: {
  team: Team;
  filter: TeamFilter;
  busy: boolean;
  onState: (state: EntryState | '') => void;
}) {
  const { t } = useTranslation('timesheets');
  const { appID = '' } = useParams();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const { confirm } = useDialogs();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [rejecting, setRejecting] = useState(false);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]!);
  const [error, setError] = useState('');

  const waiting = useMemo(() => team.entries.filter(selectable), [team.entries]);
  const chosen = team.entries.filter((e) => selected.has(e.id));
  const chosenMinutes = chosen.reduce((sum, e) => sum + e.minutes, 0);
  const chosenPeople = new Set(chosen.map((e) => e.userId)).size;
  const shown = team.entries.slice(page * pageSize, (page + 1) * pageSize);
  const all = waiting.length > 0 && waiting.every((e) => selected.has(e.id));
  const some = waiting.some((e) => selected.has(e.id));

  const toggle = (entry: TeamEntry) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(entry.id)) next.delete(entry.id);
      else next.add(entry.id);
      return next;
    });
  const done = (message: string) => {
    setSelected(new Set());
    setError('');
    void queryClient.invalidateQueries({ queryKey: teamKeys.all });
    void queryClient.invalidateQueries({ queryKey: weekKeys.all });
    enqueueSnackbar(message, { variant: 'success' });
  };
  const approve = useMutation({
    mutationFn: () => approveTimeEntries([...selected]),
    onSuccess: (r) => done(t('team.approved', { count: r.count, people: r.people })),
    onError: (e) => setError(isApiError(e) ? e.message : String(e)),
  });
  const reject = useMutation({
    mutationFn: (reason: string) => rejectTimeEntries([...selected], reason),
    onSuccess: (r) => {
      setRejecting(false);
      done(t('team.rejected', { count: r.count, people: r.people }));
    },
  });
  const exportFile = useMutation({
    mutationFn: () => exportTeamTimesheets(filter),
    onSuccess: (blob) => saveBlob(blob, `${t('team.fileName')}-${filter.from}-${filter.to}.xlsx`),
    onError: (e) => enqueueSnackbar(isApiError(e) ? e.message : String(e), { variant: 'error' }),
  });
  const askApprove = () =>
    confirm(
      t('team.approveMessage', { count: chosen.length, hours: hoursText(chosenMinutes), people: chosenPeople }),
      t('team.approveTitle'),
    ).then(
      () => approve.mutate(),
      () => undefined,
    );

  if (!team.canReview) {
    return <Alert severity="info">{t('team.notManager')}</Alert>;
  }
  const stateOf = (state: EntryState) => team.states.find((s) => s.state === state);
  return (
    <>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={filter.state || 'all'}
          onChange={(_, value: string | null) => value && onState(value === 'all' ? '' : (value as EntryState))}
          aria-label={t('team.state')}
        >
          <ToggleButton value="all">
            {t('team.allStates', { count: team.states.reduce((n, s) => n + s.count, 0) })}
          </ToggleButton>
          {STATES.map((state) => (
            <ToggleButton key={state} value={state}>
              {t(`team.stateCount.${state}`, { count: stateOf(state)?.count ?? 0 })}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Box sx={{ flex: 1 }} />
        <Button
          startIcon={<FileDownloadOutlined />}
          onClick={() => exportFile.mutate()}
          disabled={exportFile.isPending || team.count === 0}
        >
          {t('team.export')}
        </Button>
      </Stack>

      <Paper
        variant="outlined"
        sx={{ px: 2, py: 1, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
        role="region"
        aria-label={t('team.selection')}
      >
        <Typography variant="body2" role="status" sx={{ mr: 'auto' }}>
          {chosen.length
            ? t('team.selected', { count: chosen.length, hours: hoursText(chosenMinutes), people: chosenPeople })
            : t('team.selectHint')}
        </Typography>
        <Button
          variant="contained"
          color="success"
          startIcon={<CheckCircleOutline />}
          disabled={chosen.length === 0 || approve.isPending}
          onClick={askApprove}
        >
          {t('team.approve')}
        </Button>
        <Button
          variant="outlined"
          color="error"
          startIcon={<HighlightOff />}
          disabled={chosen.length === 0 || reject.isPending}
          onClick={() => setRejecting(true)}
        >
          {t('team.reject')}
        </Button>
      </Paper>

      {error && (
        <Alert severity="error" onClose={() => setError('')}>
          {error}
        </Alert>
      )}
      {team.truncated && <Alert severity="warning">{t('team.truncated', { shown: team.entries.length })}</Alert>}

      {team.entries.length === 0 ? (
        <Paper variant="outlined" sx={{ py: 6, px: 3, textAlign: 'center' }}>
          <Typography variant="h6" component="p">
            {t('team.empty')}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {t('team.emptyHint')}
          </Typography>
        </Paper>
      ) : (
        <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }} aria-busy={busy || undefined}>
          <Table size="small" aria-label={t('team.table', { from: showDate(team.from), to: showDate(team.to) })}>
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={all}
                    indeterminate={some && !all}
                    disabled={waiting.length === 0}
                    onChange={() => setSelected(all ? new Set() : new Set(waiting.map((e) => e.id)))}
                    slotProps={{ input: { 'aria-label': t('team.selectAll', { count: waiting.length }) } }}
                  />
                </TableCell>
                <TableCell>{t('team.person')}</TableCell>
                <TableCell>{t('team.date')}</TableCell>
                <TableCell>{t('team.item')}</TableCell>
                <TableCell align="right">{t('team.hours')}</TableCell>
                <TableCell>{t('team.description')}</TableCell>
                <TableCell>{t('team.state')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.map((e) => {
                const item = `#${e.FormattedID} ${e.Title}`;
                const canPick = selectable(e);
                return (
                  <TableRow key={e.id} hover selected={selected.has(e.id)}>
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={selected.has(e.id)}
                        disabled={!canPick}
                        onChange={() => toggle(e)}
                        slotProps={{
                          input: {
                            'aria-label': t('team.selectEntry', {
                              person: e.userName,
                              date: showDate(e.date),
                              item,
                              hours: hoursText(e.minutes),
                            }),
                          },
                        }}
                      />
                    </TableCell>
                    <TableCell>{e.userName}</TableCell>
                    <TableCell sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                      {showDate(e.date)}
                    </TableCell>
                    <TableCell sx={{ maxWidth: 360 }}>
                      <Link
                        component={RouterLink}
                        to={`/runtime/${appID}/editItem/${e.componentId}/${e.itemId}/0`}
                        underline="hover"
                        sx={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                      >
                        {item}
                      </Link>
                      <Typography variant="caption" color="text.secondary" component="div" noWrap>
                        {[e.componentName, e.projectName].filter(Boolean).join(' · ')}
                      </Typography>
                    </TableCell>
                    <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                      {hoursText(e.minutes)}
                      {e.start && e.end ? (
                        <Typography variant="caption" color="text.secondary" component="div">
                          {e.start}–{e.end}
                        </Typography>
                      ) : null}
                    </TableCell>
                    <TableCell sx={{ maxWidth: 280, whiteSpace: 'pre-line' }}>{e.description}</TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        variant="outlined"
                        color={stateColor[e.state]}
                        label={t(`state.entry.${e.state}`)}
                      />
                      {e.reviewer && (
                        <Typography variant="caption" color="text.secondary" component="div">
                          {e.state === 'rejected'
                            ? t('team.rejectedBy', { reviewer: e.reviewer, reason: e.reviewNote })
                            : t('team.reviewedBy', { reviewer: e.reviewer })}
                        </Typography>
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
          <Stack
            direction="row"
            sx={{ alignItems: 'center', px: 2, borderTop: 1, borderColor: 'divider', flexWrap: 'wrap' }}
          >
            <Typography variant="body2" sx={{ fontWeight: 600, mr: 'auto' }}>
              {t('team.total', { count: team.count, hours: hoursText(team.totalMinutes) })}
            </Typography>
            <TablePagination
              component="div"
              count={team.entries.length}
              page={page}
              rowsPerPage={pageSize}
              rowsPerPageOptions={PAGE_SIZES}
              onPageChange={(_, p) => setPage(p)}
              onRowsPerPageChange={(event) => {
                setPageSize(Number(event.target.value));
                setPage(0);
              }}
              labelRowsPerPage={t('team.rowsPerPage')}
              labelDisplayedRows={({ from, to, count }) => t('team.displayed', { from, to, count })}
              getItemAriaLabel={(type) => t(`team.page.${type}`)}
            />
          </Stack>
        </TableContainer>
      )}

      {rejecting && (
        <RejectDialog
          count={chosen.length}
          hours={hoursText(chosenMinutes)}
          pending={reject.isPending}
          error={reject.error ? (isApiError(reject.error) ? reject.error.message : String(reject.error)) : ''}
          onReject={(reason) => reject.mutate(reason)}
          onClose={() => {
            reject.reset();
            setRejecting(false);
          }}
        />
      )}
    </>
  );
}
