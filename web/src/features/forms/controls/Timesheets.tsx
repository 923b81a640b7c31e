import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import MoreTimeOutlined from '@mui/icons-material/MoreTimeOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
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
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/client';
import ConfirmDialog from '../../../components/ConfirmDialog';
import { formKeys } from '../api';
import { useFormRuntime } from '../context';
import { DateInput } from '../../../components/DateInput';
import { checkDateText } from '../../../lib/dates';
import type { FormControl } from '../types';
import { RelationSection } from './RelationSection';
import { RowAction } from './RowAction';
import {
  deleteTimeEntry,
  formatDecimalHours,
  formatMinutes,
  parseClock,
  parseHours,
  saveTimeEntry,
  timesheetKeys,
  timesheetsQuery,
  type TimeEntry,
  type TimeEntryChange,
  type Timesheets as TimesheetsData,
} from './TimesheetsApi';

const DATE_FORMAT = 'DD/MM/YYYY';
const MAX_DESCRIPTION = 500;
const DAY_MINUTES = 24 * 60;

const pad = (n: number) => String(n).padStart(2, '0');

/** The browser's today as YYYY-MM-DD: the last day the control offers. */
function localToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** YYYY-MM-DD as DD/MM/YYYY. */
const showDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

interface Draft {
  id: number;
  date: string;
  hours: string;
  start: string;
  end: string;
  description: string;
}

const emptyDraft = (date: string): Draft => ({ id: 0, date, hours: '', start: '', end: '', description: '' });

type Problems = Partial<Record<'date' | 'hours' | 'start' | 'end' | 'description', string>>;

/** The date of an entry: typed as DD/MM/YYYY or chosen in the calendar, no later than today. */
function EntryDate({
  value,
  onChange,
  error,
  disabled,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  disabled: boolean;
}) {
  const { t } = useTranslation('forms');
  return (
    <Box sx={{ width: 170, flexShrink: 0 }}>
      <DateInput
        size="small"
        fullWidth
        format={DATE_FORMAT}
        label={t('timesheets.date')}
        value={value}
        disabled={disabled}
        onChange={onChange}
        error={Boolean(error)}
        helperText={error}
        maxDate={dayjs(localToday())}
        openLabel={t('timesheets.chooseDate')}
      />
    </Box>
  );
}

/** Checks a draft as the server will; answers the request or the problems per field. */
type ProblemKey = 'date' | 'future' | 'hours' | 'tooMany' | 'clock' | 'endBeforeStart' | 'description';

function checkDraft(
  draft: Draft,
  spans: boolean,
  say: (key: ProblemKey) => string,
): { change: TimeEntryChange } | { problems: Problems } {
  const problems: Problems = {};
  const check = checkDateText(draft.date, DATE_FORMAT, true);
  let date = '';
  if (!check.ok || !check.parts) problems.date = say('date');
  else {
    date = `${check.parts.year}-${pad(check.parts.month)}-${pad(check.parts.day)}`;
    if (date > localToday()) problems.date = say('future');
  }
  const change: TimeEntryChange = { id: draft.id, date, description: draft.description.trim() };
  if (spans) {
    const start = parseClock(draft.start);
    const end = parseClock(draft.end);
    if (start === null) problems.start = say('clock');
    if (end === null) problems.end = say('clock');
    else if (start !== null && end <= start) problems.end = say('endBeforeStart');
    change.start = draft.start.trim();
    change.end = draft.end.trim();
  } else {
    const minutes = parseHours(draft.hours);
    if (minutes === null || minutes <= 0) problems.hours = say('hours');
    else if (minutes > DAY_MINUTES) problems.hours = say('tooMany');
    else change.minutes = minutes;
  }
  if (change.description.length > MAX_DESCRIPTION) problems.description = say('description');
  return Object.keys(problems).length > 0 ? { problems } : { change };
}

/**
 * Timesheets control (spec section 3): the hours recorded on the item, newest day first, with
 * their total; the caller records, changes and deletes their own entries (an administrator any),
 * as hours (timesheet type 1) or start and end (type 2). docs/items.md, "Timesheets control".
 */
export function Timesheets({ control }: { control: FormControl }) {
  const { t, i18n } = useTranslation('forms');
  const { item, componentId, readOnly } = useFormRuntime();
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const itemId = Number(item.id ?? 0);
  const label = control.label || t('kinds.timesheets');
  const query = useQuery(timesheetsQuery(itemId, componentId));
  const [draft, setDraft] = useState<Draft>(() => emptyDraft(showDate(localToday())));
  const [problems, setProblems] = useState<Problems>({});
  const [serverError, setServerError] = useState('');
  const [removing, setRemoving] = useState<TimeEntry | null>(null);
  const decimalSeparator = i18n.language.startsWith('en') ? '.' : ',';

  const settle = (data: TimesheetsData) => {
    queryClient.setQueryData(timesheetKeys.item(itemId), data);
    void queryClient.invalidateQueries({ queryKey: formKeys.history(itemId) });
  };
  const save = useMutation({
    mutationFn: (change: TimeEntryChange) => saveTimeEntry(itemId, componentId, change),
    onSuccess: (data, change) => {
      settle(data);
      enqueueSnackbar(change.id ? t('timesheets.changed') : t('timesheets.added'), { variant: 'success' });
      setDraft((current) => ({ ...emptyDraft(current.date) }));
      setServerError('');
    },
    onError: (error) => setServerError(isApiError(error) ? error.message : String(error)),
  });
  const remove = useMutation({
    mutationFn: (entry: TimeEntry) => deleteTimeEntry(itemId, componentId, entry.id),
    onSuccess: (data, entry) => {
      settle(data);
      enqueueSnackbar(t('timesheets.removed'), { variant: 'success' });
      if (draft.id === entry.id) setDraft(emptyDraft(draft.date));
    },
    onError: (error) => enqueueSnackbar(isApiError(error) ? error.message : String(error), { variant: 'error' }),
  });

  const data = query.data;
  const spans = data?.timesheetType === '2';
  const canRecord = Boolean(data?.canRecord) && !readOnly;
  const editing = data?.entries.find((entry) => entry.id === draft.id);
  const showSpans = spans || Boolean(data?.entries.some((entry) => entry.start));
  // Why an entry cannot change: its month is closed, or its hours were sent for approval or approved.
  const lockOf = (entry: TimeEntry) =>
    entry.closed ||
    (entry.state === 'submitted'
      ? t('timesheets.lockedSubmitted')
      : entry.state === 'approved'
        ? t('timesheets.lockedApproved')
        : '');
  const actions =
    !readOnly && Boolean(data?.entries.some((entry) => entry.canEdit || entry.canDelete || lockOf(entry)));
  // A day of the caller's closed month takes no entry: the date field says why before the server does.
  const typed = checkDateText(draft.date, DATE_FORMAT, true);
  const typedMonth = typed.ok && typed.parts ? `${typed.parts.year}-${pad(typed.parts.month)}` : '';
  const closedReason = data?.closedMonths?.find((m) => m.month === typedMonth)?.reason ?? '';
  const busy = save.isPending || remove.isPending;
  const draftSpans = editing ? Boolean(editing.start) : spans;

  const set = (field: keyof Draft) => (value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setProblems((current) => ({ ...current, [field]: undefined }));
  };
  const submit = () => {
    const checked = checkDraft(draft, draftSpans, (key) => t(`timesheets.errors.${key}`));
    if ('problems' in checked) {
      setProblems(checked.problems);
      return;
    }
    if (closedReason) {
      setProblems({ date: closedReason });
      return;
    }
    setProblems({});
    save.mutate(checked.change);
  };
  const startEdit = (entry: TimeEntry) => {
    setDraft({
      id: entry.id,
      date: showDate(entry.date),
      hours: formatMinutes(entry.minutes),
      start: entry.start ?? '',
      end: entry.end ?? '',
      description: entry.description,
    });
    setProblems({});
    setServerError('');
  };
  const cancelEdit = () => {
    setDraft(emptyDraft(draft.date));
    setProblems({});
    setServerError('');
  };

  return (
    <>
      <RelationSection
        label={label}
        saveFirst={t('timesheets.saveFirst')}
        itemId={itemId}
        loadingLabel={t('timesheets.loading')}
        query={query}
      >
        {(sheet) => (
          <Paper variant="outlined">
            {canRecord || editing ? (
              <Box
                role="group"
                aria-label={
                  editing
                    ? t('timesheets.editing', {
                        hours: formatMinutes(editing.minutes),
                        date: showDate(editing.date),
                        name: editing.userName,
                      })
                    : t('timesheets.add')
                }
                // The item form around it is the <form>: Enter here records the entry, never saves the item.
                onKeyDown={(event) => {
                  if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
                  event.preventDefault();
                  if (!busy) submit();
                }}
                sx={{
                  p: 1.5,
                  borderBottom: 1,
                  borderColor: 'divider',
                  bgcolor: editing ? 'action.selected' : 'action.hover',
                }}
              >
                {editing && (
                  <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 1 }}>
                    {t('timesheets.editing', {
                      hours: formatMinutes(editing.minutes),
                      date: showDate(editing.date),
                      name: editing.userName,
                    })}
                  </Typography>
                )}
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
                  <EntryDate
                    value={draft.date}
                    onChange={set('date')}
                    error={problems.date ?? (closedReason || undefined)}
                    disabled={busy}
                  />
                  {draftSpans ? (
                    <>
                      <DateInput
                        size="small"
                        format="HH:mm"
                        label={t('timesheets.start')}
                        value={draft.start}
                        disabled={busy}
                        onChange={set('start')}
                        error={Boolean(problems.start)}
                        helperText={problems.start}
                        sx={{ width: 130 }}
                      />
                      <DateInput
                        size="small"
                        format="HH:mm"
                        label={t('timesheets.end')}
                        value={draft.end}
                        disabled={busy}
                        onChange={set('end')}
                        error={Boolean(problems.end)}
                        helperText={problems.end}
                        sx={{ width: 130 }}
                      />
                    </>
                  ) : (
                    <TextField
                      size="small"
                      label={t('timesheets.hours')}
                      placeholder="1:30"
                      value={draft.hours}
                      disabled={busy}
                      onChange={(event) => set('hours')(event.target.value)}
                      error={Boolean(problems.hours)}
                      helperText={problems.hours ?? t('timesheets.hoursHint')}
                      slotProps={{ htmlInput: { maxLength: 5 } }}
                      sx={{ width: 150 }}
                    />
                  )}
                  <TextField
                    size="small"
                    label={t('timesheets.description')}
                    value={draft.description}
                    disabled={busy}
                    onChange={(event) => set('description')(event.target.value)}
                    error={Boolean(problems.description)}
                    helperText={problems.description}
                    slotProps={{ htmlInput: { maxLength: MAX_DESCRIPTION } }}
                    sx={{ flex: '1 1 220px' }}
                  />
                  <Button
                    variant="contained"
                    onClick={submit}
                    startIcon={save.isPending ? <CircularProgress size={16} color="inherit" /> : <MoreTimeOutlined />}
                    disabled={busy}
                    sx={{ height: 40 }}
                  >
                    {editing ? t('timesheets.saveEdit') : t('timesheets.add')}
                  </Button>
                  {editing && (
                    <Button variant="text" color="inherit" onClick={cancelEdit} disabled={busy} sx={{ height: 40 }}>
                      {t('timesheets.cancelEdit')}
                    </Button>
                  )}
                </Box>
                {serverError && (
                  <Alert severity="error" sx={{ mt: 1 }}>
                    {serverError}
                  </Alert>
                )}
              </Box>
            ) : (
              sheet.cannotRecord && (
                <Alert severity="info" sx={{ borderRadius: 0, borderBottom: 1, borderColor: 'divider' }}>
                  {sheet.cannotRecord}
                </Alert>
              )
            )}
            {sheet.entries.length === 0 ? (
              <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1.5 }}>
                {t('timesheets.empty')}
              </Typography>
            ) : (
              <TableContainer>
                <Table size="small" aria-label={label}>
                  <TableHead>
                    <TableRow>
                      <TableCell sx={{ width: 110 }}>{t('timesheets.date')}</TableCell>
                      <TableCell sx={{ width: 200 }}>{t('timesheets.person')}</TableCell>
                      <TableCell sx={{ width: 80 }} align="right">
                        {t('timesheets.hours')}
                      </TableCell>
                      {showSpans && <TableCell sx={{ width: 120 }}>{t('timesheets.span')}</TableCell>}
                      <TableCell>{t('timesheets.description')}</TableCell>
                      {actions && <TableCell sx={{ width: 88 }} />}
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {sheet.entries.map((entry) => {
                      const hours = formatMinutes(entry.minutes);
                      const date = showDate(entry.date);
                      return (
                        <TableRow key={entry.id} hover selected={entry.id === draft.id}>
                          <TableCell>{date}</TableCell>
                          <TableCell>{entry.userName}</TableCell>
                          <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 500 }}>
                            {hours}
                          </TableCell>
                          {showSpans && (
                            <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>
                              {entry.start ? `${entry.start}–${entry.end}` : ''}
                            </TableCell>
                          )}
                          <TableCell sx={{ wordBreak: 'break-word' }}>
                            {entry.automatic && (
                              <Tooltip title={t('timesheets.automaticHint')}>
                                <Chip
                                  size="small"
                                  variant="outlined"
                                  label={t('timesheets.automatic')}
                                  sx={{ mr: entry.description ? 1 : 0, height: 20 }}
                                />
                              </Tooltip>
                            )}
                            {entry.description}
                          </TableCell>
                          {actions && (
                            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                              {lockOf(entry) && !readOnly && (
                                <Tooltip title={lockOf(entry)}>
                                  <Box
                                    component="span"
                                    role="img"
                                    tabIndex={0}
                                    aria-label={lockOf(entry)}
                                    data-closed-entry={entry.id}
                                    sx={{ display: 'inline-flex', p: 0.625, color: 'text.secondary', borderRadius: 1 }}
                                  >
                                    <LockOutlined fontSize="small" />
                                  </Box>
                                </Tooltip>
                              )}
                              {entry.canEdit && (
                                <RowAction
                                  label={t('timesheets.edit', { hours, date })}
                                  icon={<EditOutlined fontSize="small" />}
                                  disabled={busy}
                                  onClick={() => startEdit(entry)}
                                />
                              )}
                              {entry.canDelete && (
                                <RowAction
                                  label={t('timesheets.remove', { hours, date })}
                                  icon={<DeleteOutlined fontSize="small" />}
                                  disabled={busy}
                                  onClick={() => setRemoving(entry)}
                                />
                              )}
                            </TableCell>
                          )}
                        </TableRow>
                      );
                    })}
                  </TableBody>
                  <TableFooter>
                    <TableRow>
                      <TableCell colSpan={2} sx={{ color: 'text.secondary', fontSize: 13 }}>
                        {t('timesheets.entries', { count: sheet.count })}
                      </TableCell>
                      <TableCell
                        align="right"
                        colSpan={1}
                        sx={{
                          fontVariantNumeric: 'tabular-nums',
                          fontWeight: 700,
                          fontSize: 14,
                          color: 'text.primary',
                          whiteSpace: 'nowrap',
                        }}
                      >
                        {t('timesheets.total', { hours: formatMinutes(sheet.totalMinutes) })}
                      </TableCell>
                      <TableCell
                        colSpan={(showSpans ? 2 : 1) + (actions ? 1 : 0)}
                        sx={{ color: 'text.secondary', fontSize: 13 }}
                      >
                        {t('timesheets.totalDecimal', {
                          hours: formatDecimalHours(sheet.totalMinutes, decimalSeparator),
                        })}
                      </TableCell>
                    </TableRow>
                  </TableFooter>
                </Table>
              </TableContainer>
            )}
          </Paper>
        )}
      </RelationSection>
      {removing && (
        <ConfirmDialog
          title={t('timesheets.removeTitle')}
          message={t('timesheets.removeConfirm', {
            hours: formatMinutes(removing.minutes),
            name: removing.userName,
            date: showDate(removing.date),
          })}
          confirmText={t('timesheets.removeYes')}
          cancelText={t('timesheets.removeNo')}
          onClose={(confirmed) => {
            if (confirmed) remove.mutate(removing);
            setRemoving(null);
          }}
        />
      )}
    </>
  );
}
