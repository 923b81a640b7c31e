import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client';

// The schedule calls (docs/schedule.md, "The schedule of a project"): dates travel as YYYY-MM-DD
// days of work, durations and floats in working days.

export type LinkType = 'FS' | 'SS' | 'FF' | 'SF';

export interface ScheduledTask {
  id: number;
  FormattedID: number;
  Title: string;
  /** The item's responsible's name, empty for none. */
  responsible: string;
  parentId: number;
  outline: string;
  level: number;
  summary: boolean;
  milestone: boolean;
  start: string;
  finish: string;
  lateStart: string;
  lateFinish: string;
  /** A milestone after a finish sits at the end of its day. */
  atDayEnd: boolean;
  duration: number;
  progress: number;
  totalFloat: number;
  freeFloat: number;
  critical: boolean;
  /** With a baseline asked for: its dates and the slip from them in working days (positive: later). */
  baselineStart?: string;
  baselineFinish?: string;
  startVariance?: number;
  finishVariance?: number;
}

export interface ScheduledLink {
  predecessorId: number;
  successorId: number;
  type: LinkType;
  lag: number;
  float: number;
  critical: boolean;
}

export interface WorkCalendar {
  workDays: number[];
  holidays: { date: string; name: string }[];
}

export interface ProjectSchedule {
  projectId: number;
  projectName: string;
  viewId: number;
  componentId: number;
  start: string;
  finish: string;
  minutesPerDay: number;
  /** When the project works: the weekdays with working time (0 Sunday) and the holidays (YYYY-MM-DD). */
  calendar: WorkCalendar;
  tasks: ScheduledTask[];
  links: ScheduledLink[];
  warnings: { taskId: number; predecessorId: number; days: number }[];
  /** The caller may change the view's items: the Gantt offers dragging and linking. */
  canEdit: boolean;
  /** The caller may create the view's items in the project: an MS Project file may be imported. */
  canImport: boolean;
  /** The view names a progress field: the bars' progress handle sets it (for whoever may edit). */
  hasProgress: boolean;
}

export interface ProjectChoice {
  id: number;
  name: string;
}

export const scheduleKeys = {
  schedule: (projectId: number, viewId: number, baselineId = 0) => ['schedule', projectId, viewId, baselineId] as const,
  baselines: (projectId: number, viewId: number) => ['schedule', 'baselines', projectId, viewId] as const,
  projects: ['schedule', 'projects'] as const,
};

/** The schedule; with baselineId, each task carries that baseline's dates and its slip from them. */
export const scheduleQuery = (projectId: number, viewId: number, baselineId = 0) =>
  queryOptions({
    queryKey: scheduleKeys.schedule(projectId, viewId, baselineId),
    queryFn: ({ signal }) =>
      api.post<ProjectSchedule>('/genericItem/getSchedule', { projectId, viewId, baselineId }, { signal }),
    enabled: projectId > 0,
    placeholderData: (previous) => previous,
  });

/** A saved baseline (docs/schedule.md, "Baselines"). */
export interface Baseline {
  id: number;
  name: string;
  createdAt: string;
  createdBy: string;
  tasks: number;
}

export interface BaselineList {
  projectId: number;
  viewId: number;
  baselines: Baseline[];
  canEdit: boolean;
  max: number;
}

export const baselinesQuery = (projectId: number, viewId: number) =>
  queryOptions({
    queryKey: scheduleKeys.baselines(projectId, viewId),
    queryFn: ({ signal }) =>
      api.post<BaselineList>('/genericItem/loadScheduleBaselines', { projectId, viewId }, { signal }),
  });

export function saveBaseline(projectId: number, viewId: number, name: string): Promise<BaselineList> {
  return api.post<BaselineList>('/genericItem/saveScheduleBaseline', { projectId, viewId, name });
}

export function deleteBaseline(baselineId: number): Promise<BaselineList> {
  return api.post<BaselineList>('/genericItem/deleteScheduleBaseline', { baselineId });
}

/** The projects the user may read, active ones: the picker's choices. */
export const projectChoicesQuery = queryOptions({
  queryKey: scheduleKeys.projects,
  queryFn: ({ signal }) => api.post<ProjectChoice[]>('/project/listProjects', { status: 'active' }, { signal }),
  staleTime: 60_000,
});

/** A bar dragged or resized (or the dates dialog, with the percent complete): the item's new days; answers the schedule computed again. */
export function moveScheduleTask(
  projectId: number,
  viewId: number,
  itemId: number,
  start: string,
  finish: string,
  progress?: number,
): Promise<ProjectSchedule> {
  return api.post<ProjectSchedule>('/genericItem/moveScheduleTask', {
    projectId,
    viewId,
    itemId,
    start,
    finish,
    progress,
  });
}

/** A bar's progress handle dragged: the item's percent complete; answers the schedule computed again. */
export function setScheduleProgress(
  projectId: number,
  viewId: number,
  itemId: number,
  progress: number,
): Promise<ProjectSchedule> {
  return api.post<ProjectSchedule>('/genericItem/setScheduleProgress', { projectId, viewId, itemId, progress });
}

/** A link drawn from one bar to another: the successor comes to depend on the predecessor. */
export function addPredecessor(
  componentId: number,
  itemId: number,
  predecessorId: number,
  type: LinkType,
  lag: number,
) {
  return api.post('/genericItem/addPredecessor', { componentId, itemId, predecessorId, type, lag });
}

/** Indent or outdent: the task's new summary task (0, the top); answers the schedule computed again. */
export function setScheduleParent(
  projectId: number,
  viewId: number,
  itemId: number,
  parentId: number,
): Promise<ProjectSchedule> {
  return api.post<ProjectSchedule>('/genericItem/setScheduleParent', {
    projectId,
    viewId,
    itemId,
    parentId: parentId || null,
  });
}

export function removePredecessor(componentId: number, itemId: number, predecessorId: number) {
  return api.post('/genericItem/removePredecessor', { componentId, itemId, predecessorId });
}

/** The schedule as MS Project XML (scheduleDownload), to save under the project's name. */
export function downloadSchedule(projectId: number, viewId: number): Promise<Blob> {
  return api.get<Blob>('/genericItem/scheduleDownload', { query: { projectId, viewId }, responseType: 'blob' });
}

/** A field the type requires that an MS Project file does not fill: the import asks it. */
export interface ImportField {
  key: string;
  label: string;
  type: string;
  options: { value: string; label: string }[];
  /** The dialog has an input for the type; else the import cannot fill it. */
  supported: boolean;
}

export interface ImportResult {
  created: number;
  links: number;
}

export const importFieldsQuery = (projectId: number, viewId: number) =>
  queryOptions({
    queryKey: ['schedule', 'importFields', projectId, viewId] as const,
    queryFn: ({ signal }) =>
      api.post<ImportField[]>('/genericItem/loadScheduleImportFields', { projectId, viewId }, { signal }),
  });

/** Imports an MS Project XML file into the project; values go to every task (the fields asked). */
export function importSchedule(
  projectId: number,
  viewId: number,
  values: Record<string, unknown>,
  file: File,
): Promise<ImportResult> {
  const body = new FormData();
  // The server reads the fields before the file.
  body.append('projectId', String(projectId));
  body.append('viewId', String(viewId));
  body.append('values', JSON.stringify(values));
  body.append('file', file);
  return api.post<ImportResult>('/genericItem/scheduleUpload', body);
}
