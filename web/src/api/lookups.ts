import { api } from './client';

/**
 * The reference pickers' lookups (users, groups, companies, projects, items, a type's statuses, work
 * calendars): the item form's reference fields and the items list's cell editors search with them.
 */

const base = '/genericItem';

/** One choice of a reference picker (a user, a group, a company, an item...). */
export interface Choice {
  id: number;
  label: string;
  secondary?: string;
  depth?: number;
}

/** Where a reference picker finds its choices, by the attribute type it shows. */
export type LookupSource = 'users' | 'groups' | 'orgUnits' | 'usersOrGroups' | 'companies' | 'projects' | 'items';

/** Where a reference attribute's choices come from; null when the server offers no picker for it yet. */
export function lookupSourceOf(attributeType: string | undefined, kind: string): LookupSource | null {
  if (kind === 'component list') return 'items';
  switch (attributeType) {
    case 'USERS':
    case 'RESOURCES':
      return 'users';
    case 'GROUPS':
      return 'groups';
    case 'ORGANIZATIONAL_STRUCTURE':
      return 'orgUnits';
    case 'USERS_OR_GROUPS':
      return 'usersOrGroups';
    case 'COMPANY':
      return 'companies';
    case 'PROJECT':
      return 'projects';
    case 'GENERIC_ITEM_TYPE':
      return 'items';
    default:
      return null;
  }
}

interface UserChoice {
  id: number;
  name: string;
  email?: string;
  login?: string;
}
interface OrgUnit {
  id: number;
  name: string;
  children?: OrgUnit[];
}
interface ItemChoice {
  id: number;
  FormattedID: number;
  Title: string;
  ProjectName?: string;
}

function flattenUnits(units: OrgUnit[], depth = 0): Choice[] {
  return units.flatMap((unit) => [
    { id: unit.id, label: unit.name, depth },
    ...flattenUnits(unit.children ?? [], depth + 1),
  ]);
}

export async function lookup(
  source: LookupSource,
  request: { text?: string; ids?: number[]; componentId?: number },
  signal?: AbortSignal,
): Promise<Choice[]> {
  const body = { text: request.text || undefined, ids: request.ids, componentId: request.componentId, limit: 50 };
  switch (source) {
    case 'users': {
      const users = await api.post<UserChoice[]>(`${base}/loadUsers`, body, { signal });
      return users.map((u) => ({ id: u.id, label: u.name, secondary: u.email || u.login }));
    }
    case 'groups': {
      const groups = await api.post<{ id: number; name: string }[]>(`${base}/loadGroups`, body, { signal });
      return groups.map((g) => ({ id: g.id, label: g.name }));
    }
    case 'orgUnits':
      return flattenUnits(await api.post<OrgUnit[]>(`${base}/loadOrganizationalStructures`, body, { signal }));
    case 'usersOrGroups': {
      const [users, groups] = await Promise.all([lookup('users', request, signal), lookup('groups', request, signal)]);
      return [...users, ...groups];
    }
    case 'companies': {
      const companies = await api.post<{ id: number; name: string }[]>(`${base}/loadCompanies`, body, { signal });
      return companies.map((c) => ({ id: c.id, label: c.name }));
    }
    case 'projects': {
      const projects = await api.get<{ id: number; name: string }[]>(`${base}/loadProjects`, { signal });
      const text = (request.text ?? '').toLocaleLowerCase();
      return projects
        .filter((p) => (request.ids ? request.ids.includes(p.id) : p.name.toLocaleLowerCase().includes(text)))
        .map((p) => ({ id: p.id, label: p.name }));
    }
    case 'items': {
      const items = await api.post<ItemChoice[]>(`${base}/loadGenericItems`, body, { signal });
      return items.map((i) => ({ id: i.id, label: `#${i.FormattedID} ${i.Title}`, secondary: i.ProjectName }));
    }
  }
}

/** A status offered by the picker of an ITEM_TYPE_STATUS attribute (loadItemTypeStatuses). */
export interface StatusChoice {
  id: number;
  name: string;
  color: string;
  initial: boolean;
  final: boolean;
}

/** The statuses of a type, in its workflow's order; ids resolves chosen ones. */
export const loadItemTypeStatuses = (
  request: { componentId: number; text?: string; ids?: number[] },
  signal?: AbortSignal,
) => api.post<StatusChoice[]>(`${base}/loadItemTypeStatuses`, { ...request, limit: 200 }, { signal });

/** A resource's work calendar offered by the picker of a CALENDAR attribute (loadCalendars). */
export interface CalendarChoice {
  id: number;
  name: string;
  weeklyMinutes: number;
  periods: number;
}

export const loadCalendars = (request: { text?: string; ids?: number[] }, signal?: AbortSignal) =>
  api.post<CalendarChoice[]>(`${base}/loadCalendars`, { ...request, limit: 50 }, { signal });
