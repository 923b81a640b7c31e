import LockOutlined from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import InputBase from '@mui/material/InputBase';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { visuallyHidden } from '../../theme/visuallyHidden';
import type { Week, WeekRow } from './api';
import { CellNote } from './CellNote';
import { cellKey, cellText, dayLoad, readCell, type Draft, type Drafts, type Totals } from './week';

const showDay = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}`;
const showDate = (iso: string) => `${showDay(iso)}/${iso.slice(0, 4)}`;
const weekend = (index: number) => index === 0 || index === 6;
/** The palette colour marking a cell's review state. */
const stateMark: Record<string, 'info' | 'success' | 'error' | undefined> = {
  submitted: 'info',
  approved: 'success',
  rejected: 'error',
};

interface GridProps {
  week: Week;
  rows: WeekRow[];
  drafts: Drafts;
  totals: Totals;
  today: string;
  appID: string;
  onDraft: (key: string, draft: Draft | null) => void;
  onSave: () => void;
}

/**
 * The week as a table: a row per item, a column per day, cells typed as hours. Arrows move between
 * cells (left and right once the caret is at the text's edge), Tab follows the page, Enter saves the
 * week, Escape reverts the cell, Shift+Enter opens its note.
 */
export function WeekGrid({ week, rows, drafts, totals, today, appID, onDraft, onSave }: GridProps) {
  const { t, i18n } = useTranslation('timesheets');
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const [note, setNote] = useState<{ key: string; anchor: HTMLElement } | null>(null);
  const weekday = new Intl.DateTimeFormat(i18n.language, { weekday: 'short', timeZone: 'UTC' });
  const dayName = (iso: string) => weekday.format(new Date(`${iso}T12:00:00Z`));

  const focus = (r: number, c: number) => {
    const row = rows[r];
    const cell = row?.cells[c];
    if (!row || !cell) return;
    inputs.current.get(cellKey(row.itemId, cell.date))?.focus();
  };
  const onKey = (event: KeyboardEvent<HTMLInputElement>, r: number, c: number, key: string, saved: Draft) => {
    const input = event.currentTarget;
    const atStart = input.selectionStart === 0 && input.selectionEnd === 0;
    const atEnd = input.selectionStart === input.value.length && input.selectionEnd === input.value.length;
    const all = input.selectionStart === 0 && input.selectionEnd === input.value.length;
    switch (event.key) {
      case 'ArrowUp':
        event.preventDefault();
        focus(r - 1, c);
        return;
      case 'ArrowDown':
        event.preventDefault();
        focus(r + 1, c);
        return;
      case 'ArrowLeft':
        if (atStart || all) {
          event.preventDefault();
          focus(r, c - 1);
        }
        return;
      case 'ArrowRight':
        if (atEnd || all) {
          event.preventDefault();
          focus(r, c + 1);
        }
        return;
      case 'Escape':
        event.preventDefault();
        onDraft(key, null);
        input.value = saved.text;
        input.select();
        return;
      case 'Enter':
        event.preventDefault();
        if (event.shiftKey) setNote({ key, anchor: input });
        else onSave();
        return;
    }
  };

  return (
    <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table
        size="small"
        aria-label={t('week', { from: showDate(week.days[0]?.date ?? ''), to: showDate(week.days[6]?.date ?? '') })}
      >
        <TableHead>
          <TableRow>
            <TableCell sx={{ minWidth: 260 }}>{t('item')}</TableCell>
            {week.days.map((day, d) => (
              <TableCell
                key={day.date}
                align="center"
                aria-current={day.date === today ? 'date' : undefined}
                title={day.closed ? day.closedReason : undefined}
                sx={{
                  width: 96,
                  bgcolor: weekend(d) ? 'action.hover' : undefined,
                  borderBottom: day.date === today ? 2 : undefined,
                  borderBottomColor: day.date === today ? 'primary.main' : undefined,
                }}
              >
                <Typography
                  variant="caption"
                  component="div"
                  sx={{ textTransform: 'capitalize', color: day.date === today ? 'primary.main' : 'text.secondary' }}
                >
                  {dayName(day.date)}
                  {day.date === today ? ` · ${t('today')}` : ''}
                </Typography>
                <Typography
                  variant="body2"
                  component="div"
                  sx={{
                    fontWeight: day.date === today ? 700 : 500,
                    color: day.date === today ? 'primary.main' : undefined,
                  }}
                >
                  {showDay(day.date)}
                </Typography>
                {day.closed && (
                  <Typography
                    variant="caption"
                    component="div"
                    sx={{ color: 'text.secondary', display: 'flex', alignItems: 'center', justifyContent: 'center' }}
                  >
                    <LockOutlined sx={{ fontSize: 14, mr: 0.25 }} aria-hidden />
                    {t('closedDay')}
                  </Typography>
                )}
              </TableCell>
            ))}
            <TableCell align="right" sx={{ width: 80 }}>
              {t('total')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, r) => {
            const label = `#${row.FormattedID} ${row.Title}`;
            return (
              <TableRow key={row.itemId} hover>
                <TableCell sx={{ maxWidth: 360 }}>
                  <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline', minWidth: 0 }}>
                    <Typography variant="body2" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                      #{row.FormattedID}
                    </Typography>
                    <Link
                      component={RouterLink}
                      to={`/runtime/${appID}/editItem/${row.componentId}/${row.itemId}/0`}
                      underline="hover"
                      aria-label={t('openItem', { item: label })}
                      sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                    >
                      {row.Title}
                    </Link>
                  </Box>
                  <Typography variant="caption" color="text.secondary" component="div" noWrap>
                    {[row.componentName, row.projectName].filter(Boolean).join(' · ')}
                  </Typography>
                </TableCell>
                {row.cells.map((cell, c) => {
                  const key = cellKey(row.itemId, cell.date);
                  const saved = { text: cellText(cell.minutes), description: cell.description };
                  const draft = drafts[key] ?? saved;
                  const invalid = readCell(draft.text) === null;
                  const changed =
                    drafts[key] !== undefined &&
                    (readCell(draft.text) !== cell.minutes || draft.description.trim() !== cell.description);
                  const closed = week.days[c]?.closed ? week.days[c]?.closedReason || t('closedDay') : '';
                  const why = closed
                    ? closed
                    : cell.readOnly
                      ? cell.state === 'submitted' || cell.state === 'approved'
                        ? t(cell.state === 'submitted' ? 'readOnlySubmitted' : 'readOnlyApproved')
                        : t('readOnlySpan')
                      : !row.canRecord
                        ? t('readOnlyRight')
                        : cell.date > today
                          ? t('readOnlyFuture')
                          : !week.canRecord
                            ? week.cannotRecord
                            : '';
                  const dateText = showDate(cell.date);
                  const stateText =
                    cell.state === 'rejected'
                      ? t('cellRejected', { reviewer: cell.reviewer, reason: cell.reviewNote })
                      : cell.automatic
                        ? t('cellAutomatic')
                        : '';
                  const mark = stateMark[cell.state];
                  return (
                    <TableCell
                      key={cell.date}
                      align="center"
                      title={[stateText, why].filter(Boolean).join(' — ') || undefined}
                      data-state={cell.state || undefined}
                      data-automatic={cell.automatic || undefined}
                      sx={{ p: 0.5, bgcolor: weekend(c) ? 'action.hover' : undefined }}
                    >
                      <Box
                        sx={(theme) => ({
                          display: 'flex',
                          alignItems: 'center',
                          borderRadius: 1,
                          border: 1,
                          // The review state: a bar on the left (submitted, approved, rejected).
                          boxShadow: mark ? `inset 3px 0 0 ${theme.palette[mark].main}` : undefined,
                          borderColor: invalid
                            ? 'error.main'
                            : changed
                              ? 'warning.main'
                              : why
                                ? 'transparent'
                                : 'divider',
                          bgcolor: changed
                            ? alpha(theme.palette.warning.main, 0.12)
                            : why
                              ? undefined
                              : 'background.paper',
                          '&:focus-within': { borderColor: invalid ? 'error.main' : 'primary.main' },
                          // The note's icon shows where the cell is being worked on, or when it has a note.
                          '& .cell-note': { opacity: draft.description.trim() ? 1 : 0 },
                          '&:hover .cell-note, &:focus-within .cell-note': { opacity: 1 },
                        })}
                      >
                        <InputBase
                          inputRef={(el: HTMLInputElement | null) => {
                            if (el) inputs.current.set(key, el);
                            else inputs.current.delete(key);
                          }}
                          value={draft.text}
                          readOnly={Boolean(why)}
                          onChange={(event) => onDraft(key, { ...draft, text: event.target.value })}
                          onFocus={(event) => event.target.select()}
                          onKeyDown={(event) => onKey(event as KeyboardEvent<HTMLInputElement>, r, c, key, saved)}
                          inputProps={{
                            'aria-label': t('cellLabel', { item: label, date: dateText }),
                            'aria-invalid': invalid || undefined,
                            'aria-description':
                              [invalid ? t('cellInvalid') : why, stateText].filter(Boolean).join(' ') || undefined,
                            inputMode: 'decimal',
                            autoComplete: 'off',
                            'data-cell': key,
                          }}
                          sx={{
                            flex: 1,
                            minWidth: 0,
                            '& input': {
                              textAlign: 'right',
                              fontVariantNumeric: 'tabular-nums',
                              py: 0.5,
                              px: 0.75,
                              color: why ? 'text.secondary' : undefined,
                              fontWeight: changed ? 600 : undefined,
                              // Automatic hours stand apart until the person changes them.
                              fontStyle: cell.automatic && !changed ? 'italic' : undefined,
                            },
                          }}
                        />
                        <Box className="cell-note" sx={{ width: 22, flexShrink: 0 }}>
                          <CellNote
                            note={draft.description}
                            title={t('noteFor', { item: label, date: dateText })}
                            readOnly={Boolean(why)}
                            anchor={note?.key === key ? note.anchor : null}
                            open={note?.key === key}
                            onOpen={(anchor) => setNote({ key, anchor })}
                            onClose={() => {
                              setNote(null);
                              inputs.current.get(key)?.focus();
                            }}
                            onChange={(note) => onDraft(key, { ...draft, description: note })}
                          />
                        </Box>
                      </Box>
                    </TableCell>
                  );
                })}
                <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 500 }}>
                  {cellText(totals.rows[r] ?? 0) || '0:00'}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
        <TableFooter>
          <TableRow>
            <TableCell>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {t('weekTotal')}
              </Typography>
            </TableCell>
            {week.days.map((day, d) => {
              const total = totals.days[d] ?? 0;
              const load = dayLoad(total, day.capacityMinutes);
              const gap = Math.abs(total - day.capacityMinutes);
              const status =
                load === 'over'
                  ? t('over', { hours: cellText(gap) })
                  : load === 'under'
                    ? t('under', { hours: cellText(gap) })
                    : load === 'full'
                      ? t('full')
                      : '';
              return (
                <TableCell
                  key={day.date}
                  align="center"
                  data-day-total={day.date}
                  title={status || undefined}
                  sx={{ bgcolor: weekend(d) ? 'action.hover' : undefined }}
                >
                  <Typography
                    variant="body2"
                    sx={{
                      fontVariantNumeric: 'tabular-nums',
                      fontWeight: 600,
                      color: load === 'over' ? 'error.main' : load === 'under' ? 'text.secondary' : 'text.primary',
                    }}
                  >
                    {cellText(total) || '0:00'}
                  </Typography>
                  <Typography
                    variant="caption"
                    sx={{ color: load === 'over' ? 'error.main' : 'text.secondary', display: 'block' }}
                  >
                    {day.capacityMinutes > 0 || total > 0 ? `/ ${cellText(day.capacityMinutes) || '0:00'}` : '—'}
                  </Typography>
                  <Box component="span" sx={visuallyHidden}>
                    {status}
                  </Box>
                </TableCell>
              );
            })}
            <TableCell align="right">
              <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 700 }}>
                {cellText(totals.week) || '0:00'}
              </Typography>
            </TableCell>
          </TableRow>
        </TableFooter>
      </Table>
    </TableContainer>
  );
}
