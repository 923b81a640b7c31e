import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** A unit of the organizational structure as administration edits it (flat; each names its parent). */
export interface OrgUnit {
  id: number;
  name: string;
  parentId: number | null;
  active: boolean;
  managerId: number | null;
  managerName: string;
  members: { id: number; name: string }[];
}

export interface OrgUnitInput {
  id: number;
  name: string;
  parentId: number | null;
  active: boolean;
  managerId: number | null;
  memberIds: number[];
}

export const orgUnitKeys = { all: ['admin', 'orgUnits'] as const };

export const orgUnitsQuery = () =>
  queryOptions({
    queryKey: orgUnitKeys.all,
    queryFn: ({ signal }) => api.post<OrgUnit[]>('/admin/orgUnits/list', {}, { signal }),
  });

export const saveOrgUnit = (unit: OrgUnitInput) => api.post<OrgUnit>('/admin/orgUnits/save', unit);
export const deleteOrgUnit = (id: number) => api.post('/admin/orgUnits/delete', { id });

/** The input that saves unit as it is, with changes. */
export function inputOf(unit: OrgUnit, change: Partial<OrgUnitInput> = {}): OrgUnitInput {
  return {
    id: unit.id,
    name: unit.name,
    parentId: unit.parentId,
    active: unit.active,
    managerId: unit.managerId,
    memberIds: unit.members.map((member) => member.id),
    ...change,
  };
}
