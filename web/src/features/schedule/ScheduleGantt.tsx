import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import { alpha, useTheme } from '@mui/material/styles';
import ChevronRight from '@mui/icons-material/ChevronRight';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Gantt, Willow, WillowDark, type IApi, type IColumnConfig, type ITask } from '@svar-ui/react-gantt';
import '@svar-ui/react-gantt/style.css';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { LinkType, ProjectSchedule, ScheduledTask } from './api';
import {
  addDays,
  dateToDay,
  dayToDate,
  daysOf,
  dropped,
  isDayOff,
  linkTypeOf,
  parseLinkId,
  toGantt,
  type GanttTask,
} from './gantt';
import { scaleSetup, type Zoom } from './zoom';

/** The edits the Gantt reports; the screen saves them and gives the server's schedule back. */
export interface GanttEdits {
  onMove: (task: ScheduledTask, start: string, finish: string) => void;
  /** A bar's progress handle let go at a new percent. */
  onProgress: (task: ScheduledTask, progress: number) => void;
  onLink: (predecessorId: number, successorId: number, type: LinkType) => void;
  onUnlink: (predecessorId: number, successorId: number) => void;
  /** Enter or a double click on a row: the dates dialog. */
  onEdit: (task: ScheduledTask) => void;
  onSelect: (task: ScheduledTask | null) => void;
}

interface ScheduleGanttProps extends GanttEdits {
  schedule: ProjectSchedule;
  zoom: Zoom;
  readonly: boolean;
  appID: string;
  /** Bumped when a refused edit must put the bars back where the server has them. */
  revision: number;
}

const ROW_HEIGHT = 34;

/** What the baseline bars read of SVAR's state: the scale it places bars with (not in its types). */
interface SvarScaleState {
  cellWidth: number;
  _scales: { start: Date; lengthUnit: string; diff: (a: Date, b: Date, unit: string, exact?: boolean) => number };
}

/**
 * The Gantt (SVAR React Gantt, MIT core): the WBS grid on the left, bars on the time scale on the
 * right. It only draws the server's schedule: every edit is intercepted, reported and undone here,
 * and the new schedule the server answers comes back through `schedule`.
 */
export function ScheduleGantt(props: ScheduleGanttProps) {
  const { schedule, zoom, readonly, revision, appID } = props;
  const { t, i18n } = useTranslation('schedule');
  const theme = useTheme();
  const [collapsed, setCollapsed] = useState<Set<number>>(() => new Set());
  // SVAR's interceptors are set once (init): they read the latest callbacks and tasks here.
  const edits = useRef(props);
  const byId = useMemo(() => new Map(schedule.tasks.map((task) => [task.id, task])), [schedule]);
  const lookup = useRef(byId);

  // revision makes new arrays, so SVAR drops a drag it was not allowed to keep.
  const data = useMemo(() => toGantt(schedule, collapsed), [schedule, collapsed, revision]); // eslint-disable-line react-hooks/exhaustive-deps
  const scale = useMemo(() => scaleSetup(zoom, i18n.language), [zoom, i18n.language]);
  const unit = useRef(scale.lengthUnit);
  useLayoutEffect(() => {
    edits.current = props;
    lookup.current = byId;
    unit.current = scale.lengthUnit;
  });
  const day = useMemo(() => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short' }), [i18n.language]);
  const formatDay = useCallback((d: string) => day.format(new Date(`${d}T12:00:00`)), [day]);
  const today = dateToDay(new Date());

  const apiRef = useRef<IApi | null>(null);
  const init = useCallback((api: IApi) => {
    apiRef.current = api;
    const task = (id: unknown) => lookup.current.get(Number(id));
    api.intercept('update-task', (ev) => {
      const source = task(ev.id);
      // The progress handle: shown as it is dragged, reported when let go (summaries have none).
      if (ev.diff === undefined && ev.task.progress !== undefined && ev.task.start === undefined) {
        if (!source || source.summary) return false;
        if (ev.inProgress) return true;
        if (ev.task.progress !== Math.round(source.progress)) edits.current.onProgress(source, ev.task.progress);
        return false;
      }
      const current = api.getTask(ev.id);
      if (!source || ev.inProgress || !ev.diff || source.summary || !current.start) return false;
      const moved = dropped(
        { start: current.start, end: current.end ?? current.start },
        ev.task,
        ev.diff,
        unit.current,
      );
      // A milestone drawn at the end of its day is on that day, not the next.
      const start = source.milestone && source.atDayEnd ? addDays(moved.start, -1) : moved.start;
      const days = daysOf(start, moved.end, source.milestone);
      if (days.start !== source.start || days.finish !== source.finish)
        edits.current.onMove(source, days.start, days.finish);
      return false;
    });
    api.intercept('drag-task', (ev) => !task(ev.id)?.summary);
    api.intercept('add-link', (ev) => {
      const { source, target, type } = ev.link;
      if (source !== undefined && target !== undefined)
        edits.current.onLink(Number(source), Number(target), linkTypeOf(type));
      return false;
    });
    api.intercept('delete-link', (ev) => {
      const ids = parseLinkId(ev.id);
      if (ids) edits.current.onUnlink(ids[0], ids[1]);
      return false;
    });
    api.intercept('show-editor', (ev) => {
      const source = task(ev.id);
      if (source) edits.current.onEdit(source);
      return false;
    });
    api.on('select-task', (ev) => edits.current.onSelect(task(ev.id) ?? null));
    api.on('open-task', (ev) =>
      setCollapsed((was) => {
        const next = new Set(was);
        if (ev.mode) next.delete(Number(ev.id));
        else next.add(Number(ev.id));
        return next;
      }),
    );
    // The structure and the tasks are the items': the Gantt adds, deletes and reorders none.
    for (const action of ['add-task', 'delete-task', 'move-task', 'indent-task', 'copy-task', 'update-link'] as const) {
      api.intercept(action, () => false);
    }
  }, []);

  const compared = schedule.tasks.some((task) => task.baselineStart !== undefined);
  const columns = useMemo((): IColumnConfig[] => {
    // Cells render the server's text: SVAR would read a getter's text as a date of its own format.
    const text =
      (of: (task: ScheduledTask) => string): IColumnConfig['cell'] =>
      ({ row }) => <span>{of((row as unknown as GanttTask).source)}</span>;
    const days = (n: number) => t('days', { count: n });
    // A slip from the baseline: +2 d later, −2 d earlier; nothing for a task added since.
    const variance = (n: number | undefined) =>
      n === undefined ? '' : t('variance', { value: n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0' });
    return [
      { id: 'outline', header: t('column.outline'), width: 56, cell: text((s) => s.outline) },
      {
        id: 'text',
        header: t('column.title'),
        width: 230,
        cell: ({ row, api }) => {
          const task = row as unknown as GanttTask;
          return (
            <TitleCell
              task={task}
              href={`/runtime/${appID}/editItem/${schedule.componentId}/${task.id}/0`}
              onToggle={() => void api.exec('open-task', { id: task.id, mode: !task.open })}
              // The keyboard's way to select a task: its title link takes the focus.
              onFocus={() => void apiRef.current?.exec('select-task', { id: task.id })}
            />
          );
        },
      },
      { id: 'startDay', header: t('column.start'), width: 92, cell: text((s) => formatDay(s.start)) },
      { id: 'finishDay', header: t('column.finish'), width: 92, cell: text((s) => formatDay(s.finish)) },
      ...(compared
        ? ([
            {
              id: 'startVariance',
              header: t('column.startVariance'),
              width: 76,
              align: 'right',
              cell: text((s) => variance(s.startVariance)),
            },
            {
              id: 'finishVariance',
              header: t('column.finishVariance'),
              width: 76,
              align: 'right',
              cell: text((s) => variance(s.finishVariance)),
            },
          ] as IColumnConfig[])
        : []),
      { id: 'workdays', header: t('column.duration'), width: 72, align: 'right', cell: text((s) => days(s.duration)) },
      {
        id: 'percent',
        header: t('column.progress'),
        width: 52,
        align: 'right',
        cell: text((s) => (s.milestone ? '' : `${Math.round(s.progress)}`)),
      },
      { id: 'responsible', header: t('column.responsible'), width: 130, cell: text((s) => s.responsible) },
      { id: 'float', header: t('column.float'), width: 64, align: 'right', cell: text((s) => days(s.totalFloat)) },
    ];
  }, [t, formatDay, appID, schedule.componentId, compared]);
  // SVAR pads each column beyond its width: the grid makes room for that too. On a narrow screen the
  // grid opens on number, title and dates, leaving the chart half; its resizer shows the rest.
  const widthOf = (cols: typeof columns) => cols.reduce((sum, c) => sum + (c.width ?? 0) + 24, 0);
  // Compared with a baseline, the slips follow the dates and open with them.
  const opening = widthOf(columns.slice(0, compared ? 6 : 4));
  const gridWidth = Math.min(widthOf(columns), Math.max(opening, (window.innerWidth - 300) / 2));

  const barName = useCallback(
    (task: ScheduledTask) => {
      const parts = [
        task.milestone
          ? t('bar.milestone', { id: task.FormattedID, title: task.Title, start: formatDay(task.start) })
          : t('bar.name', {
              id: task.FormattedID,
              title: task.Title,
              start: formatDay(task.start),
              finish: formatDay(task.finish),
            }),
      ];
      if (task.critical) parts.push(t('bar.critical'));
      else parts.push(t('bar.float', { count: task.totalFloat }));
      return parts.join(', ');
    },
    [t, formatDay],
  );

  // The baseline compared with, drawn under each bar: SVAR's free edition has no baseline bars, so
  // the bar's template places it with the scale SVAR places the bar with.
  const baselineBar = useCallback((task: GanttTask & { $x?: number }) => {
    const s = task.source;
    const state = apiRef.current?.getState() as unknown as Partial<SvarScaleState> | undefined;
    const scales = state?._scales;
    if (!s.baselineStart || !s.baselineFinish || !scales || !state.cellWidth || task.type === 'milestone') return null;
    const from = dayToDate(s.baselineStart);
    const to = addDays(dayToDate(s.baselineFinish), 1);
    const left = Math.round(scales.diff(from, scales.start, scales.lengthUnit) * state.cellWidth) - (task.$x ?? 0);
    const width = Math.max(2, Math.round(scales.diff(to, from, scales.lengthUnit, true) * state.cellWidth));
    return <div className="schedule-baseline" aria-hidden="true" style={{ left, width }} />;
  }, []);

  const taskTemplate = useCallback(
    ({ data }: { data: ITask }) => {
      const task = data as GanttTask;
      const s = task.source;
      const name =
        s.baselineStart && s.baselineFinish
          ? `${barName(s)}, ${t('baseline.bar', { start: formatDay(s.baselineStart), finish: formatDay(s.baselineFinish) })}`
          : barName(s);
      return (
        <>
          <div
            className={`${task.type === 'milestone' ? 'wx-text-out' : 'wx-content'}${s.critical ? ' schedule-critical' : ''}`}
            title={name}
            data-item={s.FormattedID}
          >
            <span aria-hidden="true">{task.text}</span>
            <span className="schedule-sr">{name}</span>
          </div>
          {baselineBar(task)}
        </>
      );
    },
    [barName, baselineBar, t, formatDay],
  );

  const calendar = schedule.calendar;
  const highlightTime = useCallback(
    (date: Date, unit: 'day' | 'hour') => {
      if (unit !== 'day') return '';
      if (dateToDay(date) === today) return 'schedule-today';
      return isDayOff(date, calendar) ? 'wx-weekend' : '';
    },
    [today, calendar],
  );

  const start = useMemo(() => addDays(new Date(`${schedule.start}T00:00:00`), -7), [schedule.start]);
  const end = useMemo(() => addDays(new Date(`${schedule.finish}T00:00:00`), 21), [schedule.finish]);
  const palette = theme.palette;
  const Theme = palette.mode === 'dark' ? WillowDark : Willow;
  // SVAR's markup breaks three WCAG rules axe checks (a label on a presentation grip, aria-rowindex
  // 0, a scrolling chart out of the tab order): mended on every change it makes.
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = frame.current;
    if (!root) return;
    const mend = () => {
      root.querySelectorAll('[role="presentation"][aria-label]').forEach((el) => el.removeAttribute('aria-label'));
      root.querySelectorAll('[aria-rowindex="0"]').forEach((el) => el.removeAttribute('aria-rowindex'));
      root.querySelectorAll('.wx-chart').forEach((el) => {
        if (el.getAttribute('tabindex') !== '0') el.setAttribute('tabindex', '0');
      });
    };
    mend();
    const observer = new MutationObserver(mend);
    observer.observe(root, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-label', 'aria-rowindex'],
    });
    return () => observer.disconnect();
  }, []);

  return (
    <Box
      ref={frame}
      sx={{
        height: '100%',
        minHeight: 360,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        overflow: 'hidden',
        '& .wx-willow-theme, & .wx-willow-dark-theme': {
          height: '100%',
          '--wx-font-family': theme.typography.fontFamily,
          '--wx-background': palette.background.paper,
          '--wx-color-font': palette.text.primary,
          '--wx-gantt-task-color': palette.primary.main,
          '--wx-gantt-task-fill-color': palette.primary.dark,
          '--wx-gantt-task-border-color': palette.primary.dark,
          '--wx-gantt-task-font-color': palette.primary.contrastText,
          '--wx-gantt-summary-color': palette.grey[600],
          '--wx-gantt-summary-fill-color': palette.mode === 'dark' ? palette.grey[700] : palette.grey[800],
          '--wx-gantt-summary-border-color': palette.grey[800],
          '--wx-gantt-summary-font-color': palette.common.white,
          '--wx-gantt-milestone-color': palette.secondary.main,
          '--wx-gantt-select-color': palette.action.selected,
          '--wx-gantt-holiday-background': palette.action.hover,
          '--wx-gantt-link-color': palette.text.secondary,
          '--wx-gantt-link-marker-color': palette.text.secondary,
          '--wx-gantt-link-marker-background': palette.background.paper,
        },
        '& .wx-bar.wx-task:has(.schedule-critical)': {
          backgroundColor: palette.error.main,
          color: palette.error.contrastText,
          '& .wx-progress-percent': { backgroundColor: palette.error.dark },
        },
        '& .wx-bar.wx-summary:has(.schedule-critical)': {
          boxShadow: `inset 0 -3px 0 ${palette.error.main}`,
        },
        '& .wx-bar.wx-milestone:has(.schedule-critical) .wx-content': { backgroundColor: palette.error.main },
        '& .wx-bar.wx-milestone .wx-text-out': { color: palette.text.primary, pl: 0.5 },
        // The progress handle only where the view has a progress field to write (setScheduleProgress).
        ...(schedule.hasProgress ? {} : { '& .wx-progress-marker': { display: 'none' } }),
        '& .wx-bar.wx-summary .wx-progress-marker': { display: 'none' },
        '& .schedule-baseline': {
          position: 'absolute',
          top: '100%',
          height: 4,
          borderRadius: 0.5,
          backgroundColor: palette.text.secondary,
          pointerEvents: 'none',
        },
        '& .schedule-today': { backgroundColor: alpha(palette.warning.main, 0.22) },
        '& .schedule-sr': {
          position: 'absolute',
          width: 1,
          height: 1,
          overflow: 'hidden',
          clip: 'rect(0 0 0 0)',
          whiteSpace: 'nowrap',
        },
        '& .wx-bar:focus-visible': { outline: `2px solid ${palette.primary.main}`, outlineOffset: 2 },
      }}
    >
      <Theme fonts={false}>
        <Gantt
          init={init}
          tasks={data.tasks}
          links={data.links}
          columns={columns}
          scales={scale.scales}
          lengthUnit={scale.lengthUnit}
          cellWidth={scale.cellWidth}
          cellHeight={ROW_HEIGHT}
          gridWidth={gridWidth}
          scaleHeight={30}
          start={start}
          end={end}
          readonly={readonly}
          taskTemplate={taskTemplate}
          highlightTime={highlightTime}
        />
      </Theme>
    </Box>
  );
}

interface TitleCellProps {
  task: GanttTask;
  href: string;
  onToggle: () => void;
  onFocus: () => void;
}

function TitleCell({ task, href, onToggle, onFocus }: TitleCellProps) {
  const { t } = useTranslation('schedule');
  const level = Math.max(0, task.source.level - 1);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', minWidth: 0, pl: level * 2 }}>
      {task.type === 'summary' ? (
        <IconButton
          size="small"
          onClick={(e) => {
            e.stopPropagation();
            onToggle();
          }}
          aria-expanded={task.open}
          aria-label={t(task.open ? 'collapse' : 'expand', { title: task.text })}
          sx={{ p: 0.25, mr: 0.25 }}
        >
          {task.open ? <ExpandMore fontSize="small" /> : <ChevronRight fontSize="small" />}
        </IconButton>
      ) : (
        <Box component="span" sx={{ width: 26, flex: '0 0 auto' }} />
      )}
      <Link
        component={RouterLink}
        to={href}
        underline="hover"
        color="inherit"
        aria-label={t('openItem', { id: task.source.FormattedID, title: task.text })}
        aria-keyshortcuts="F2 Alt+Shift+ArrowRight Alt+Shift+ArrowLeft"
        onClick={(e) => e.stopPropagation()}
        onFocus={onFocus}
        sx={{
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
          fontWeight: task.type === 'summary' ? 600 : undefined,
        }}
      >
        {task.text}
      </Link>
    </Box>
  );
}
