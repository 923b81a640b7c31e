import type { Permissions, Role } from './api';

export type MemberKind = 'user' | 'group';

/** A line of the members dialog: a user (with a login) or a group, with a role. */
export interface Member {
  kind: MemberKind;
  id: number;
  name: string;
  login: string;
  role: Role;
}

/** Users and groups have ids of their own: a line is named by both. */
export const keyOf = (member: Pick<Member, 'kind' | 'id'>) => `${member.kind}-${member.id}`;

export function membersOf(permissions: Permissions): Member[] {
  return [
    ...permissions.users.map((u) => ({ kind: 'user' as const, id: u.id, name: u.name, login: u.login, role: u.role })),
    ...permissions.groups.map((g) => ({ kind: 'group' as const, id: g.id, name: g.name, login: '', role: g.role })),
  ];
}

/**
 * The server's Validations (users[2].id, groups[0].role...) by line: their index is the line's
 * place in the list sent.
 */
export function rowErrorsOf(
  byField: Record<string, string>,
  users: Member[],
  groups: Member[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(byField)) {
    const match = /^(users|groups)\[(\d+)\]/.exec(field);
    if (!match) continue;
    const member = (match[1] === 'users' ? users : groups)[Number(match[2])];
    if (member && !out[keyOf(member)]) out[keyOf(member)] = message;
  }
  return out;
}
