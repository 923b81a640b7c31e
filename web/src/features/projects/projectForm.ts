import type { TFunction } from 'i18next';
import type { ReferenceChoice } from '../../api/referenceSources';
import { checkDateText, fromStoredDate, toStoredDate } from '../../lib/dates';
import type { Named, Project, ProjectInput } from './api';

const DATE_FORMAT = 'DD/MM/YYYY';

/** The project dialog's fields: dates as typed (DD/MM/YYYY), pickers' choices with their labels. */
export interface ProjectForm {
  name: string;
  code: string;
  manager: ReferenceChoice | null;
  calendar: ReferenceChoice | null;
  start: string;
  finish: string;
  itemTypes: Named[];
  description: string;
}

export type FormErrors = Partial<Record<keyof ProjectForm, string>>;

/** The form of a project, or of a new one managed by `me` (the server's default too). */
export function formOfProject(project: Project | null, me: ReferenceChoice | null): ProjectForm {
  if (!project) {
    return { name: '', code: '', manager: me, calendar: null, start: '', finish: '', itemTypes: [], description: '' };
  }
  return {
    name: project.name,
    code: project.code,
    manager: project.managerId ? { id: project.managerId, label: project.managerName } : null,
    calendar: project.calendarId ? { id: project.calendarId, label: project.calendarName } : null,
    start: fromStoredDate(project.startDate, DATE_FORMAT),
    finish: fromStoredDate(project.finishDate, DATE_FORMAT),
    itemTypes: project.itemTypes ?? [],
    description: project.description,
  };
}

function storedDate(text: string): string {
  const checked = checkDateText(text, DATE_FORMAT);
  return checked.ok && checked.parts ? toStoredDate(checked.parts, 'date') : '';
}

/** saveProject's body: the whole project (no manager chosen keeps the one shown, as managerId 0 does). */
export function inputOfForm(form: ProjectForm, id: number): ProjectInput {
  return {
    id,
    name: form.name.trim(),
    code: form.code.trim(),
    managerId: form.manager?.id ?? 0,
    startDate: storedDate(form.start),
    finishDate: storedDate(form.finish),
    description: form.description,
    calendarId: form.calendar?.id ?? 0,
    itemTypeIds: form.itemTypes.map((type) => type.id),
  };
}

/** What the dialog checks before calling: a name, readable dates, the finish not before the start. */
export function checkProjectForm(form: ProjectForm, t: TFunction<'projects'>): FormErrors {
  const errors: FormErrors = {};
  if (form.name.trim() === '') errors.name = t('form.nameRequired');
  for (const key of ['start', 'finish'] as const) {
    const checked = checkDateText(form[key], DATE_FORMAT);
    if (!checked.ok) errors[key] = t(`form.dateErrors.${checked.key}`);
  }
  if (!errors.start && !errors.finish) {
    const start = storedDate(form.start);
    const finish = storedDate(form.finish);
    if (start && finish && finish < start) errors.finish = t('form.finishBeforeStart');
  }
  return errors;
}

const SERVER_FIELDS: Record<string, keyof ProjectForm> = {
  name: 'name',
  code: 'code',
  managerId: 'manager',
  calendarId: 'calendar',
  startDate: 'start',
  finishDate: 'finish',
  description: 'description',
  itemTypeIds: 'itemTypes',
};

/** The server's Validations (by its field names: managerId, itemTypeIds[2]...) by the dialog's fields. */
export function serverErrorsOf(byField: Record<string, string>): FormErrors {
  const errors: FormErrors = {};
  for (const [field, message] of Object.entries(byField)) {
    const key = SERVER_FIELDS[field.replace(/\[\d+\]$/, '')];
    if (key && !errors[key]) errors[key] = message;
  }
  return errors;
}
