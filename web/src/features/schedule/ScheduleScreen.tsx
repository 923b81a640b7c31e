import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import Download from '@mui/icons-material/Download';
import UploadFile from '@mui/icons-material/UploadFile';
import EditCalendar from '@mui/icons-material/EditCalendar';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { saveBlob } from '../../lib/download';
import {
  addPredecessor,
  downloadSchedule,
  moveScheduleTask,
  removePredecessor,
  scheduleKeys,
  setScheduleParent,
  setScheduleProgress,
  type LinkType,
  type ProjectSchedule,
  type ScheduledTask,
} from './api';
import { Baselines } from './Baselines';
import { DatesDialog } from './DatesDialog';
import { ImportDialog } from './ImportDialog';
import { outlineKey, outlineParent, type OutlineMove } from './gantt';
import { LinkDialog } from './LinkDialog';
import { OutlineButtons } from './Outline';
import { ScheduleGantt } from './ScheduleGantt';
import { ZOOMS, type Zoom } from './zoom';

const ZOOM_KEY = 'tramita.schedule.zoom';

function savedZoom(): Zoom {
  try {
    const z = localStorage.getItem(ZOOM_KEY);
    return (ZOOMS as readonly string[]).includes(z ?? '') ? (z as Zoom) : 'week';
  } catch {
    return 'week';
  }
}

interface ScheduleScreenProps {
  schedule: ProjectSchedule;
  title: string;
  picker: ReactNode;
  /** The view the route names (0: the first), the key the page's query is under. */
  routeView: number;
  /** The baseline compared with (0: none), and choosing another. */
  baselineId: number;
  onBaseline: (baselineId: number) => void;
}

/** The schedule's header, toolbar and Gantt; it saves the Gantt's edits and shows the server's answer. */
export function ScheduleScreen({ schedule, title, picker, routeView, baselineId, onBaseline }: ScheduleScreenProps) {
  const { t, i18n } = useTranslation('schedule');
  const { appID } = useParams();
  const theme = useTheme();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [zoom, setZoom] = useState<Zoom>(savedZoom);
  // The selection outlives a new schedule: the task is looked up again by its id.
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const selected = schedule.tasks.find((task) => task.id === selectedId) ?? null;
  const [drawn, setDrawn] = useState<{ predecessorId: number; successorId: number; type: LinkType } | null>(null);
  const [editing, setEditing] = useState<ScheduledTask | null>(null);
  const [importing, setImporting] = useState(false);
  const [revision, setRevision] = useState(0);
  const key = scheduleKeys.schedule(schedule.projectId, routeView, baselineId);
  const refused = (error: Error) => {
    enqueueSnackbar(error.message, { variant: 'error' });
    setRevision((r) => r + 1);
  };

  const move = useMutation({
    mutationFn: (m: { task: ScheduledTask; start: string; finish: string; progress?: number }) =>
      moveScheduleTask(schedule.projectId, schedule.viewId, m.task.id, m.start, m.finish, m.progress),
    onSuccess: (next) => {
      queryClient.setQueryData(key, next);
      setEditing(null);
      // The answer has no baseline: the comparison is asked again.
      if (baselineId) void queryClient.invalidateQueries({ queryKey: key });
    },
    onError: refused,
  });
  const progress = useMutation({
    mutationFn: (p: { task: ScheduledTask; progress: number }) =>
      setScheduleProgress(schedule.projectId, schedule.viewId, p.task.id, p.progress),
    onSuccess: (next, p) => {
      queryClient.setQueryData(key, next);
      enqueueSnackbar(t('progressed', { id: p.task.FormattedID, title: p.task.Title, progress: p.progress }), {
        variant: 'success',
      });
      if (baselineId) void queryClient.invalidateQueries({ queryKey: key });
    },
    onError: refused,
  });
  const link = useMutation({
    mutationFn: (l: { predecessorId: number; successorId: number; type: LinkType; lag?: number; remove?: boolean }) =>
      l.remove
        ? removePredecessor(schedule.componentId, l.successorId, l.predecessorId)
        : addPredecessor(schedule.componentId, l.successorId, l.predecessorId, l.type, l.lag ?? 0),
    onSuccess: (_, l) => {
      const type = t(`linkType.${l.type}`);
      const lag = l.lag ?? 0;
      const named = lag ? t('lagged', { type, lag: lag > 0 ? `+${lag}` : `−${-lag}` }) : type;
      enqueueSnackbar(l.remove ? t('unlinked') : t('linked', { type: named }), { variant: 'success' });
      setDrawn(null);
      return queryClient.invalidateQueries({ queryKey: key });
    },
    onError: refused,
  });
  const outline = useMutation({
    mutationFn: (o: { task: ScheduledTask; parentId: number }) =>
      setScheduleParent(schedule.projectId, schedule.viewId, o.task.id, o.parentId),
    onSuccess: (next, o) => {
      queryClient.setQueryData(key, next);
      const now = next.tasks.find((task) => task.id === o.task.id);
      if (now)
        enqueueSnackbar(t('outlined', { id: now.FormattedID, title: now.Title, outline: now.outline }), {
          variant: 'success',
        });
      if (baselineId) void queryClient.invalidateQueries({ queryKey: key });
    },
    onError: refused,
  });
  const moveOutline = (move: OutlineMove) => {
    const parentId = outlineParent(schedule.tasks, selected, move);
    if (selected && parentId !== null && !saving) outline.mutate({ task: selected, parentId });
  };
  const download = useMutation({
    mutationFn: () => downloadSchedule(schedule.projectId, schedule.viewId),
    onSuccess: (blob) => saveBlob(blob, `${schedule.projectName.replace(/[\\/:*?"<>|]+/g, '_')}.xml`),
    onError: (error: Error) => enqueueSnackbar(t('downloadFailed', { message: error.message }), { variant: 'error' }),
  });

  const saving = move.isPending || progress.isPending || link.isPending || outline.isPending;
  const drawnLink = drawn && {
    predecessor: schedule.tasks.find((task) => task.id === drawn.predecessorId),
    successor: schedule.tasks.find((task) => task.id === drawn.successorId),
    type: drawn.type,
  };
  const readonly = !schedule.canEdit || saving;
  const day = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short' });
  const formatDay = (d: string) => day.format(new Date(`${d}T12:00:00`));
  const compared = schedule.tasks.some((task) => task.baselineStart !== undefined);
  const critical = schedule.tasks.filter((task) => task.critical && !task.summary).length;
  const count = schedule.tasks.filter((task) => !task.summary).length;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: 'calc(100vh - 112px)', minHeight: 480, gap: 1.5 }}>
      <Box
        component="header"
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between' }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
            {t('title', { title, project: schedule.projectName })}
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid="schedule-summary">
            {t('span', { start: formatDay(schedule.start), finish: formatDay(schedule.finish) })} ·{' '}
            {t('summary', { count })} · {t('critical', { count: critical })}
            {schedule.warnings.length > 0 && ` · ${t('warnings', { count: schedule.warnings.length })}`}
          </Typography>
        </Box>
        {picker}
      </Box>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={zoom}
          aria-label={t('zoom')}
          onChange={(_, z: Zoom | null) => {
            if (!z) return;
            setZoom(z);
            try {
              localStorage.setItem(ZOOM_KEY, z);
            } catch {
              // Storage refused: the zoom lasts for this visit only.
            }
          }}
        >
          {ZOOMS.map((z) => (
            <ToggleButton key={z} value={z}>
              {t(`zoom${z.charAt(0).toUpperCase()}${z.slice(1)}` as 'zoomDay')}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        {schedule.canEdit && (
          <Button
            startIcon={<EditCalendar />}
            disabled={!selected || selected.summary || saving}
            onClick={() => setEditing(selected)}
          >
            {t('editDates')}
          </Button>
        )}
        {schedule.canEdit && (
          <OutlineButtons
            tasks={schedule.tasks}
            selected={selected}
            disabled={saving}
            onMove={(_, parentId) => selected && outline.mutate({ task: selected, parentId })}
          />
        )}
        <Button startIcon={<Download />} onClick={() => download.mutate()} disabled={download.isPending}>
          {t('download')}
        </Button>
        {schedule.canImport && (
          <Button startIcon={<UploadFile />} onClick={() => setImporting(true)}>
            {t('import.open')}
          </Button>
        )}
        <Baselines projectId={schedule.projectId} viewId={schedule.viewId} value={baselineId} onChange={onBaseline} />
        <Box sx={{ flex: 1 }} />
        <Legend
          items={[
            [t('legend.task'), theme.palette.primary.main],
            [t('legend.critical'), theme.palette.error.main],
            [t('legend.summary'), theme.palette.grey[600]],
            [t('legend.milestone'), theme.palette.secondary.main],
            ...(compared ? [[t('legend.baseline'), theme.palette.text.secondary, 'line'] as LegendItem] : []),
          ]}
        />
        {saving && (
          <Typography variant="body2" color="text.secondary" role="status">
            {t('saving')}
          </Typography>
        )}
      </Stack>
      {!schedule.canEdit && <Alert severity="info">{t('readOnly')}</Alert>}
      {schedule.tasks.length === 0 ? (
        <Alert severity="info">{t('empty')}</Alert>
      ) : (
        <Box
          sx={{ flex: 1, minHeight: 0 }}
          onKeyDown={(e) => {
            // F2 edits the selected task's dates, as a spreadsheet's cell.
            if (e.key === 'F2' && schedule.canEdit && selected && !selected.summary && !saving) {
              e.preventDefault();
              setEditing(selected);
              return;
            }
            const move = schedule.canEdit ? outlineKey(e) : null;
            if (!move) return;
            e.preventDefault();
            e.stopPropagation();
            moveOutline(move);
          }}
        >
          <ScheduleGantt
            schedule={schedule}
            zoom={zoom}
            readonly={readonly}
            revision={revision}
            appID={appID ?? ''}
            onMove={(task, start, finish) => move.mutate({ task, start, finish })}
            onProgress={(task, value) => progress.mutate({ task, progress: value })}
            onLink={(predecessorId, successorId, type) => setDrawn({ predecessorId, successorId, type })}
            onUnlink={(predecessorId, successorId) =>
              link.mutate({ predecessorId, successorId, type: 'FS', remove: true })
            }
            onEdit={(task) => schedule.canEdit && !task.summary && setEditing(task)}
            onSelect={(task) => setSelectedId(task?.id ?? null)}
          />
        </Box>
      )}
      {importing && (
        <ImportDialog
          projectId={schedule.projectId}
          viewId={schedule.viewId}
          onClose={() => setImporting(false)}
          onImported={(result) => {
            setImporting(false);
            enqueueSnackbar(t('import.done', { count: result.created, links: result.links }), { variant: 'success' });
            void queryClient.invalidateQueries({ queryKey: ['schedule'] });
          }}
        />
      )}
      {drawnLink?.predecessor && drawnLink.successor && (
        <LinkDialog
          predecessor={drawnLink.predecessor}
          successor={drawnLink.successor}
          type={drawnLink.type}
          saving={link.isPending}
          onCancel={() => setDrawn(null)}
          onSave={(type, lag) => drawn && link.mutate({ ...drawn, type, lag })}
        />
      )}
      {editing && (
        <DatesDialog
          task={editing}
          itemLink={`/runtime/${appID}/editItem/${schedule.componentId}/${editing.id}/0`}
          saving={move.isPending}
          withProgress={schedule.hasProgress}
          onCancel={() => setEditing(null)}
          onSave={(start, finish, progress) => move.mutate({ task: editing, start, finish, progress })}
        />
      )}
    </Box>
  );
}

/** A label, its colour, and a line for what is drawn thin (the baseline). */
type LegendItem = [string, string] | [string, string, 'line'];

function Legend({ items }: { items: LegendItem[] }) {
  return (
    <Stack direction="row" spacing={1.5} component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {items.map(([label, color, shape]) => (
        <Box component="li" key={label} sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <Box sx={{ width: 12, height: shape === 'line' ? 4 : 12, borderRadius: 0.5, bgcolor: color }} />
          <Typography variant="caption">{label}</Typography>
        </Box>
      ))}
    </Stack>
  );
}
