import 'i18next';
import type adminPtBR from '../features/admin/i18n/pt-BR.json';
import type calendarPtBR from '../features/calendar/i18n/pt-BR.json';
import type deletionPtBR from '../features/deletion/i18n/pt-BR.json';
import type formsPtBR from '../features/forms/i18n/pt-BR.json';
import type itemsPtBR from '../features/items/i18n/pt-BR.json';
import type kanbanPtBR from '../features/kanban/i18n/pt-BR.json';
import type operationsPtBR from '../features/operations/i18n/pt-BR.json';
import type projectsPtBR from '../features/projects/i18n/pt-BR.json';
import type projectPagePtBR from '../features/projects/page/i18n/pt-BR.json';
import type repositoriesPtBR from '../features/repositories/i18n/pt-BR.json';
import type reportsPtBR from '../features/reports/i18n/pt-BR.json';
import type resourcesPtBR from '../features/resources/i18n/pt-BR.json';
import type timesheetsPtBR from '../features/timesheets/i18n/pt-BR.json';
import type closingPtBR from '../features/timesheets/closing/i18n/pt-BR.json';
import type schedulePtBR from '../features/schedule/i18n/pt-BR.json';
import type workflowPtBR from '../features/workflow/i18n/pt-BR.json';
import type ptBR from './pt-BR.json';

// Typed keys: t('login.submit') is checked against the pt-BR resource. Features with many texts
// keep them in their own namespace (features/<name>/i18n, registered by addNamespace).
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: typeof ptBR;
      admin: typeof adminPtBR;
      calendar: typeof calendarPtBR;
      deletion: typeof deletionPtBR;
      items: typeof itemsPtBR;
      forms: typeof formsPtBR;
      kanban: typeof kanbanPtBR;
      operations: typeof operationsPtBR;
      projects: typeof projectsPtBR;
      projectPage: typeof projectPagePtBR;
      repositories: typeof repositoriesPtBR;
      reports: typeof reportsPtBR;
      resources: typeof resourcesPtBR;
      timesheets: typeof timesheetsPtBR;
      closing: typeof closingPtBR;
      schedule: typeof schedulePtBR;
      workflow: typeof workflowPtBR;
    };
    returnNull: false;
  }
}
