import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client';
import { currentLanguage } from '../../i18n';

// The administration calls (docs/admin.md, api/openapi.yaml). Each entity has its query keys here,
// so a page that changes one can invalidate what shows it.

export interface Option {
  id: number;
  name: string;
}

export interface CodeOption {
  value: string;
  name: string;
}

/** Attribute types an additional field may have (spec section 3, without BINARY). */
export const FIELD_TYPES = [
  'STRING',
  'INTEGER',
  'BOOLEAN',
  'DECIMAL',
  'DATE_TIME',
  'RICH_TEXT',
  'PERCENTILE',
  'CURRENCY',
  'PROJECT',
  'USERS',
  'USERS_OR_GROUPS',
  'GROUPS',
  'RESOURCES',
  'GENERIC_ITEM_TYPE',
  'PICKLIST',
  'CALENDAR',
  'COMPANY',
  'ORGANIZATIONAL_STRUCTURE',
  'ITEM_TYPE_STATUS',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export const FIELD_ENTITIES = ['user', 'company', 'resource', 'project'] as const;
export type FieldEntity = (typeof FIELD_ENTITIES)[number];

export interface FieldOption {
  value: string;
  text: string;
}

export interface FieldDefinition {
  id: number;
  entity: FieldEntity;
  name: string;
  type: FieldType;
  required: boolean;
  options: FieldOption[];
  position: number;
}

/** Values of additional fields by field id. */
export type AdditionalValues = Record<string, unknown>;

// ---- users ------------------------------------------------------------------

/** A line of the user list (POST /user/getUsers). `avatar` is an address to fetch with the bearer header. */
export interface UserRow {
  id: number;
  name: string;
  email: string;
  companyName: string;
  login: string;
  active: boolean;
  avatar: string;
}

/** A day off of a work calendar: date YYYY-MM-DD (or the text typed, until it is one) and its name. */
export interface Holiday {
  date: string;
  name: string;
}

export interface WorkPeriod {
  weekDay: number;
  start: string;
  end: string;
}

/** The user form (GET /user/getUsertoEdit, POST /user/saveUser). No password: an administrator never sets one. */
export interface UserForm {
  id: number;
  login: string;
  name: string;
  email: string;
  companyId: number | null;
  groups: number[];
  active: boolean;
  language: string;
  panelAdmin: boolean;
  administrator: boolean;
  changePasswordPermission: boolean;
  mustChangePassword: boolean;
  mfaEnabled: boolean;
  timesheetType: string;
  autoTimesheetType: string;
  calendar: { workPeriods: WorkPeriod[]; holidays?: Holiday[] };
  avatar: string;
  additionalFields: AdditionalValues;
}

export interface UserFormInitialData {
  companies: Option[];
  groups: Option[];
  languages: CodeOption[];
  timesheetTypes: CodeOption[];
  autoTimesheetTypes: CodeOption[];
  additionalFields: FieldDefinition[];
  /** Whether a new user's temporary password can be mailed (a mail server is set up). */
  mailConfigured: boolean;
}

/** How a new user's temporary password reaches them: mailed, or shown once to the administrator. */
export type PasswordDelivery = 'mail' | 'show';

/** saveUser's answer: the form, and a new user's temporary password when it was not mailed (shown once). */
export interface SavedUser extends UserForm {
  passwordDelivery?: PasswordDelivery;
  temporaryPassword?: string;
}

/** The empty new-user form of spec section 2: id 0, timesheet types '0', an empty calendar. */
export function newUserForm(): UserForm {
  return {
    id: 0,
    login: '',
    name: '',
    email: '',
    companyId: null,
    groups: [],
    active: true,
    language: 'pt-br',
    panelAdmin: false,
    administrator: false,
    changePasswordPermission: true,
    mustChangePassword: true,
    mfaEnabled: false,
    timesheetType: '0',
    autoTimesheetType: '0',
    calendar: { workPeriods: [] },
    avatar: '',
    additionalFields: {},
  };
}

export const userKeys = {
  all: ['admin', 'users'] as const,
  list: () => [...userKeys.all, 'list'] as const,
  edit: (id: number) => [...userKeys.all, 'edit', id] as const,
  initialData: () => [...userKeys.all, 'initialData', currentLanguage()] as const,
};

/** The user list; `additionalFields` narrows it on the server (field id → contained text). */
export const usersQuery = (additionalFields: Record<string, string> = {}) =>
  queryOptions({
    queryKey: [...userKeys.list(), additionalFields],
    queryFn: ({ signal }) =>
      api.post<UserRow[]>('/user/getUsers', Object.keys(additionalFields).length > 0 ? { additionalFields } : {}, {
        signal,
      }),
    placeholderData: (previous) => previous,
  });

export const userFormInitialDataQuery = () =>
  queryOptions({
    queryKey: userKeys.initialData(),
    queryFn: ({ signal }) =>
      api.get<UserFormInitialData>('/user/getUserFormInitialData', { query: { UserId: 0 }, signal }),
  });

export const userToEditQuery = (id: number) =>
  queryOptions({
    queryKey: userKeys.edit(id),
    queryFn: ({ signal }) => api.get<UserForm>('/user/getUsertoEdit', { query: { UserId: id }, signal }),
    staleTime: 0,
    gcTime: 0,
  });

export const saveUser = (form: UserForm & { resetMFA: boolean; passwordDelivery?: PasswordDelivery }) =>
  api.post<SavedUser>('/user/saveUser', form);
export const deleteUsers = (ids: number[]) => api.post<{ deleted: number }>('/user/deleteUsers', ids);

// ---- groups -----------------------------------------------------------------

export interface Group {
  id: number;
  name: string;
  allUsers: boolean;
  members: number;
}

export interface Member {
  id: number;
  login: string;
  name: string;
}

export const groupKeys = {
  all: ['admin', 'groups'] as const,
  members: (id: number) => ['admin', 'groups', 'members', id] as const,
};

export const groupsQuery = () =>
  queryOptions({
    queryKey: groupKeys.all,
    queryFn: ({ signal }) => api.post<Group[]>('/admin/groups/list', {}, { signal }),
  });

export const groupMembersQuery = (groupId: number) =>
  queryOptions({
    queryKey: groupKeys.members(groupId),
    queryFn: ({ signal }) => api.get<Member[]>('/admin/groups/members', { query: { groupId }, signal }),
  });

export const saveGroup = (group: { id: number; name: string }) => api.post<Group>('/admin/groups/save', group);
export const deleteGroup = (id: number) => api.post('/admin/groups/delete', { id });
export const setGroupMembers = (groupId: number, userIds: number[]) =>
  api.post('/admin/groups/members', { groupId, userIds });

// ---- companies ----------------------------------------------------------------

export interface Company {
  id: number;
  name: string;
  taxId: string;
  address: string;
  contact: string;
  email: string;
  phone: string;
  additionalFields: AdditionalValues;
}

export const emptyCompany = (): Company => ({
  id: 0,
  name: '',
  taxId: '',
  address: '',
  contact: '',
  email: '',
  phone: '',
  additionalFields: {},
});

export const companyKeys = { all: ['admin', 'companies'] as const };

export const companiesQuery = () =>
  queryOptions({
    queryKey: companyKeys.all,
    queryFn: ({ signal }) => api.post<Company[]>('/admin/companies/list', {}, { signal }),
  });

export const saveCompany = (company: Company) => api.post<Company>('/admin/companies/save', company);
export const deleteCompany = (id: number) => api.post('/admin/companies/delete', { id });

// ---- additional fields --------------------------------------------------------------

export const fieldKeys = {
  all: ['admin', 'fields'] as const,
  entity: (entity: FieldEntity) => ['admin', 'fields', entity] as const,
};

export const additionalFieldsQuery = (entity: FieldEntity) =>
  queryOptions({
    queryKey: fieldKeys.entity(entity),
    queryFn: ({ signal }) => api.get<FieldDefinition[]>('/admin/additionalFields', { query: { entity }, signal }),
  });

export const saveAdditionalField = (field: FieldDefinition) =>
  api.post<FieldDefinition>('/admin/additionalFields/save', field);
export const deleteAdditionalField = (id: number) => api.post('/admin/additionalFields/delete', { id });

// ---- audit log ----------------------------------------------------------------------

export interface AuditEvent {
  id: number;
  at: string;
  userId: number | null;
  login: string;
  action: string;
  address: string;
  entity: string;
  entityId: number | null;
  detail: unknown;
}

export interface AuditFilter {
  userId?: number;
  action?: string;
  entity?: string;
  /** RFC 3339; the period is [from, to). */
  from?: string;
  to?: string;
}

export const auditKeys = { all: ['admin', 'auditLog'] as const };

export const auditLogQuery = (filter: AuditFilter, page: number, pageSize: number) =>
  queryOptions({
    queryKey: [...auditKeys.all, filter, page, pageSize],
    queryFn: ({ signal }) =>
      api.post<{ rows: AuditEvent[]; total: number }>(
        '/admin/auditLog/list',
        { ...filter, page, pageSize },
        { signal },
      ),
    placeholderData: (previous) => previous,
  });

export const exportAuditLog = (filter: AuditFilter) =>
  api.post<Blob>('/admin/auditLog/export', filter, { responseType: 'blob' });

/** The first entry where the audit log's hash chain does not hold (GET /admin/auditLog/verify). */
export interface AuditChainBroken {
  id: number;
  /** The entry's place in the chain; 0 for an entry written outside it. */
  seq: number;
  at: string;
  kind: string;
  /** audit.chain.altered | missing | unchained | truncated; message is its text in the caller's language. */
  reason: string;
  message: string;
}

export interface AuditChain {
  valid: boolean;
  entries: number;
  /** Hex SHA-256 of the last entry when valid. */
  head: string;
  firstBroken: AuditChainBroken | null;
}

/** Checks the whole chain: the server reads every entry, so it is asked for on demand, never cached. */
export const verifyAuditLog = () => api.get<AuditChain>('/admin/auditLog/verify');

// ---- e-mail server ------------------------------------------------------------------

export type MailSecurity = 'none' | 'starttls' | 'tls';

export interface MailServer {
  host: string;
  port: number;
  security: MailSecurity;
  username: string;
  from: string;
  hasPassword: boolean;
}

export const mailServerKeys = { all: ['admin', 'emailServer'] as const };

export const mailServerQuery = () =>
  queryOptions({
    queryKey: mailServerKeys.all,
    queryFn: ({ signal }) => api.get<MailServer>('/admin/emailServer', { signal }),
  });

export const saveMailServer = (input: Omit<MailServer, 'hasPassword'> & { password: string; clearPassword: boolean }) =>
  api.post<MailServer>('/admin/emailServer/save', input);
export const sendTestMail = (to: string) => api.post<{ Message: string }>('/admin/emailServer/test', to ? { to } : {});

// ---- plan, dashboard, settings ---------------------------------------------------------

export interface PlanLimits {
  users: number | null;
  storageBytes: number | null;
  applications: number | null;
}

export interface Plan {
  name: string;
  limits: PlanLimits;
  /** storageBytes is databaseBytes + fileBytes (the files kept in the file storage). */
  usage: { users: number; storageBytes: number; applications: number; databaseBytes?: number; fileBytes?: number };
}

export interface Dashboard {
  users: number;
  activeUsers: number;
  activeSessions: number;
  storageBytes: number;
  recentEvents: AuditEvent[];
}

export const planKeys = { plan: ['admin', 'plan'] as const, dashboard: ['admin', 'dashboard'] as const };

export const planQuery = () =>
  queryOptions({ queryKey: planKeys.plan, queryFn: ({ signal }) => api.get<Plan>('/admin/plan', { signal }) });
export const dashboardQuery = () =>
  queryOptions({
    queryKey: planKeys.dashboard,
    queryFn: ({ signal }) => api.get<Dashboard>('/admin/dashboard', { signal }),
  });
export const savePlan = (input: { name: string; limits: PlanLimits }) => api.post<Plan>('/admin/plan/save', input);

/** Every non-secret platform setting by key (GET /admin/settings). */
export type SettingsMap = Record<string, unknown>;

export const settingsKeys = { all: ['admin', 'settings'] as const };

export const adminSettingsQuery = () =>
  queryOptions({
    queryKey: settingsKeys.all,
    queryFn: ({ signal }) => api.get<SettingsMap>('/admin/settings', { signal }),
  });

export const saveSettings = (changes: SettingsMap) => api.post<SettingsMap>('/admin/settings/save', changes);

export const publishTermsOfUse = (file: File) =>
  api.post<{ version: number }>('/admin/settings/termsOfUse', file, {
    query: { fileName: file.name },
    headers: { 'Content-Type': 'application/pdf' },
  });
