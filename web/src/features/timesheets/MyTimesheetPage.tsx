import Add from '@mui/icons-material/Add';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import ContentCopy from '@mui/icons-material/ContentCopy';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Send from '@mui/icons-material/Send';
import MoreTimeOutlined from '@mui/icons-material/MoreTimeOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMenuTitle } from '../portal';
import { useBlocker, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../api/client';
import { DateInput } from '../../components/DateInput';
import { useDialogs } from '../../components/dialogs/useDialogs';
import { timesheetKeys } from '../forms';
import { AddItemDialog } from './AddItemDialog';
import {
  copyLastWeek,
  saveMyWeek,
  submitMyWeek,
  weekKeys,
  weekQuery,
  type ItemChoice,
  type Week,
  type WeekRow,
} from './api';
import { WeekGrid } from './WeekGrid';
import { addDays, changesOf, emptyRow, isDay, localToday, sundayOf, totalsOf, type Draft, type Drafts } from './week';
import './i18n';

const DATE_FORMAT = 'DD/MM/YYYY';
const showDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const fromShown = (text: string) => {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : '';
};

/**
 * /runtime/{appID}/myTimesheet/{title} (spec section 2): the caller's hours of one week across items,
 * Sunday to Saturday. ?week=YYYY-MM-DD names the week by any of its days, so a reload stays on it.
 */
export default function MyTimesheetPage() {
  const { t } = useTranslation('timesheets');
  const { title: pathTitle = '' } = useParams();
  const title = useMenuTitle(pathTitle);
  const [params] = useSearchParams();
  const asked = params.get('week') ?? '';
  const weekStart = sundayOf(isDay(asked) ? asked : localToday());
  const query = useQuery({ ...weekQuery(weekStart), placeholderData: keepPreviousData });
  const week = query.data?.weekStart === weekStart ? query.data : undefined;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      {query.isError && !week ? (
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
      ) : week ? (
        <WeekScreen key={weekStart} week={week} />
      ) : (
        <Box aria-busy="true" aria-label={t('loading')}>
          <Skeleton variant="rounded" height={40} sx={{ mb: 2 }} />
          <Skeleton variant="rounded" height={240} />
        </Box>
      )}
    </Box>
  );
}

function WeekScreen({ week }: { week: Week }) {
  const { t } = useTranslation('timesheets');
  const { appID = '' } = useParams();
  const [, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const { confirm } = useDialogs();
  const [drafts, setDrafts] = useState<Drafts>({});
  const [added, setAdded] = useState<WeekRow[]>([]);
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState('');
  const [dayText, setDayText] = useState(showDate(week.weekStart));
  const today = localToday();
  const dates = week.days.map((d) => d.date);

  const rows = useMemo(() => {
    const shown = new Set(week.rows.map((r) => r.itemId));
    return [...week.rows, ...added.filter((r) => !shown.has(r.itemId))];
  }, [week.rows, added]);
  const totals = totalsOf(rows, dates.length, drafts);
  const { cells, invalid } = changesOf(rows, drafts);
  const dirty = cells.length > 0 || invalid.length > 0;

  const goTo = (day: string) => setParams({ week: sundayOf(day) });
  const setDraft = (key: string, draft: Draft | null) => {
    setDrafts((current) => {
      const next = { ...current };
      if (draft) next[key] = draft;
      else delete next[key];
      return next;
    });
    setError('');
  };

  const save = useMutation({
    mutationFn: () => saveMyWeek(week.weekStart, cells),
    onSuccess: (data) => {
      queryClient.setQueryData(weekKeys.week(week.weekStart), data);
      for (const itemId of new Set(cells.map((c) => c.itemId))) {
        void queryClient.invalidateQueries({ queryKey: timesheetKeys.item(itemId) });
      }
      setDrafts({});
      setError('');
      enqueueSnackbar(t('saved'), { variant: 'success' });
    },
    onError: (e) => setError(isApiError(e) ? e.message : String(e)),
  });
  const copy = useMutation({
    mutationFn: () => copyLastWeek(week.weekStart),
    onSuccess: (data) => {
      const present = new Set(rows.map((r) => r.itemId));
      const fresh = data.rows
        .filter((r) => !present.has(r.itemId))
        .map((r) => ({ ...r, cells: emptyRow(r, dates).cells }));
      setAdded((current) => [...current, ...fresh]);
      enqueueSnackbar(t('copied', { count: fresh.length }), { variant: fresh.length ? 'success' : 'info' });
    },
    onError: (e) => enqueueSnackbar(isApiError(e) ? e.message : String(e), { variant: 'error' }),
  });
  const submit = () => {
    if (!dirty || invalid.length > 0 || save.isPending) return;
    save.mutate();
  };
  // Sending the week for approval: its draft and rejected entries become submitted (read-only).
  const send = useMutation({
    mutationFn: () => submitMyWeek(week.weekStart),
    onSuccess: (data) => {
      queryClient.setQueryData(weekKeys.week(week.weekStart), data);
      for (const row of data.rows) void queryClient.invalidateQueries({ queryKey: timesheetKeys.item(row.itemId) });
      setError('');
      enqueueSnackbar(t('submitted'), { variant: 'success' });
    },
    onError: (e) => setError(isApiError(e) ? e.message : String(e)),
  });
  const review = week.review;
  const toSend = review.draft + review.rejected;
  const sendWeek = () => {
    if (dirty || toSend === 0 || send.isPending) return;
    confirm(t('submitMessage', { count: toSend }), t('submitTitle')).then(
      () => send.mutate(),
      () => undefined,
    );
  };
  const rejected = rows.flatMap((row) =>
    row.cells
      .filter((cell) => cell.state === 'rejected')
      .map((cell) => ({ row, cell, key: `${row.itemId}|${cell.date}` })),
  );
  const addItem = (item: ItemChoice) => {
    setAdded((current) => [...current, emptyRow(item, dates)]);
    setAdding(false);
    // The new row's first cell a person may type in: today's in this week, else the first day's.
    const day = dates.includes(today) ? today : dates[0];
    window.setTimeout(
      () => document.querySelector<HTMLInputElement>(`[data-cell="${item.itemId}|${day}"]`)?.focus(),
      0,
    );
  };

  // Leaving the page or the week with unsaved hours asks first.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    confirm(t('leaveMessage'), t('leaveTitle')).then(
      () => blocker.proceed(),
      () => blocker.reset(),
    );
  }, [blocker, confirm, t]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const last = dates[dates.length - 1] ?? week.weekStart;
  return (
    <>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Tooltip title={t('previousWeek')}>
          <IconButton aria-label={t('previousWeek')} onClick={() => goTo(addDays(week.weekStart, -7))}>
            <ChevronLeft />
          </IconButton>
        </Tooltip>
        <Button size="small" variant="outlined" onClick={() => goTo(today)} disabled={dates.includes(today)}>
          {t('thisWeek')}
        </Button>
        <Tooltip title={t('nextWeek')}>
          <IconButton aria-label={t('nextWeek')} onClick={() => goTo(addDays(week.weekStart, 7))}>
            <ChevronRight />
          </IconButton>
        </Tooltip>
        <Typography variant="subtitle1" component="h2" sx={{ mx: 1 }}>
          {t('week', { from: showDate(week.weekStart), to: showDate(last) })}
        </Typography>
        <Box sx={{ width: 190 }}>
          <DateInput
            size="small"
            fullWidth
            format={DATE_FORMAT}
            label={t('chooseDay')}
            openLabel={t('openCalendar')}
            value={dayText}
            onChange={(text) => {
              setDayText(text);
              const day = fromShown(text);
              if (isDay(day) && sundayOf(day) !== week.weekStart) goTo(day);
            }}
          />
        </Box>
        <Box sx={{ flex: 1 }} />
        <Button startIcon={<ContentCopy />} onClick={() => copy.mutate()} disabled={copy.isPending}>
          {t('copyLastWeek')}
        </Button>
        <Button startIcon={<Add />} onClick={() => setAdding(true)}>
          {t('addItem')}
        </Button>
        <Button variant="contained" onClick={submit} disabled={!dirty || invalid.length > 0 || save.isPending}>
          {save.isPending ? t('saving') : t('save')}
        </Button>
      </Stack>

      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Chip
          size="small"
          color={
            review.state === 'approved'
              ? 'success'
              : review.state === 'submitted'
                ? 'info'
                : review.rejected > 0
                  ? 'error'
                  : 'default'
          }
          label={t(`state.week.${review.state}`)}
        />
        {review.state !== 'empty' && (
          <Typography variant="body2" color="text.secondary">
            {[
              review.draft ? t('state.count.draft', { count: review.draft }) : '',
              review.rejected ? t('state.count.rejected', { count: review.rejected }) : '',
              review.submitted ? t('state.count.submitted', { count: review.submitted }) : '',
              review.approved ? t('state.count.approved', { count: review.approved }) : '',
            ]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
        )}
        <Box sx={{ flex: 1 }} />
        <Tooltip title={dirty ? t('submitSaveFirst') : toSend === 0 ? t(`state.week.${review.state}`) : ''}>
          <span>
            <Button
              variant="outlined"
              startIcon={<Send />}
              onClick={sendWeek}
              disabled={dirty || toSend === 0 || send.isPending}
            >
              {t('submit')}
            </Button>
          </span>
        </Tooltip>
      </Stack>

      {rejected.length > 0 && (
        <Alert severity="error">
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {t('rejectedTitle', { count: rejected.length })}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {rejected.map(({ row, cell, key }) => (
              <li key={key}>
                {t('rejectedLine', {
                  item: `#${row.FormattedID} ${row.Title}`,
                  date: showDate(cell.date),
                  reviewer: cell.reviewer,
                  reason: cell.reviewNote,
                })}
              </li>
            ))}
          </Box>
        </Alert>
      )}

      {!week.canRecord && <Alert severity="info">{week.cannotRecord}</Alert>}
      {[...new Set(week.days.filter((d) => d.closed).map((d) => d.closedReason))].map((reason) => (
        <Alert key={reason} severity="info" icon={<LockOutlined />}>
          {t('closedDays', { reason })}
        </Alert>
      ))}
      {error && (
        <Alert severity="error" onClose={() => setError('')}>
          {error}
        </Alert>
      )}

      {rows.length === 0 ? (
        <Paper variant="outlined" sx={{ py: 6, px: 3, textAlign: 'center' }}>
          <MoreTimeOutlined sx={{ fontSize: 48, color: 'text.disabled' }} />
          <Typography variant="h6" component="p" sx={{ mt: 1 }}>
            {t('empty')}
          </Typography>
          <Typography color="text.secondary" sx={{ maxWidth: 560, mx: 'auto', mt: 1 }}>
            {t('emptyHint')}
          </Typography>
        </Paper>
      ) : (
        <WeekGrid
          week={week}
          rows={rows}
          drafts={drafts}
          totals={totals}
          today={today}
          appID={appID}
          onDraft={setDraft}
          onSave={submit}
        />
      )}

      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2" role="status" color={dirty ? 'warning.main' : 'text.secondary'}>
          {invalid.length > 0 ? t('invalid', { count: invalid.length }) : t('unsaved', { count: cells.length })}
        </Typography>
        {dirty && (
          <Button size="small" onClick={() => setDrafts({})}>
            {t('discard')}
          </Button>
        )}
        <Box sx={{ flex: 1 }} />
        <Typography variant="caption" color="text.secondary">
          {t('keys')}
        </Typography>
      </Stack>

      {adding && (
        <AddItemDialog
          open
          present={new Set(rows.map((r) => r.itemId))}
          onAdd={addItem}
          onClose={() => setAdding(false)}
        />
      )}
    </>
  );
}
