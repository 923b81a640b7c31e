import { describe, expect, it } from 'vitest';
import { actionKey, changesOf, periodOf, valueText } from './auditDetail';

const words = { yes: 'Sim', no: 'Não' };

describe('the audit log', () => {
  it('lists the values a change changed, before and after', () => {
    const detail = {
      entity: 'user',
      entityId: 4,
      before: { name: 'Joana Lima', active: true, groups: [1] },
      after: { name: 'Joana Lima Souza', active: true, groups: [1, 2] },
    };
    expect(changesOf(detail, words)).toEqual([
      { key: 'groups', before: '[1]', after: '[1,2]' },
      { key: 'name', before: 'Joana Lima', after: 'Joana Lima Souza' },
    ]);
  });

  it('lists every value of a creation, and nothing for events without before/after', () => {
    expect(changesOf({ entity: 'group', before: null, after: { name: 'Financeiro' } }, words)).toEqual([
      { key: 'name', before: '', after: 'Financeiro' },
    ]);
    expect(changesOf({ session: 'abc' }, words)).toBeUndefined();
    expect(changesOf(null, words)).toBeUndefined();
  });

  it('shows yes/no values as Sim or Não, and no value as nothing (spec section 9)', () => {
    expect(
      changesOf(
        { before: { active: true, mustChangePassword: false }, after: { active: false, mustChangePassword: false } },
        words,
      ),
    ).toEqual([{ key: 'active', before: 'Sim', after: 'Não' }]);
    expect(valueText(false, words)).toBe('Não');
    expect(valueText(null, words)).toBe('');
    expect(valueText(12, words)).toBe('12');
    expect(valueText({ a: 1 }, words)).toBe('{"a":1}');
  });

  it('names action kinds as text keys', () => {
    expect(actionKey('admin.user.created')).toBe('admin_user_created');
  });

  it('turns whole days into a period that includes the last day', () => {
    const { from, to } = periodOf('2026-11-20', '2026-11-23');
    expect(new Date(from!).getDate()).toBe(20);
    expect(new Date(to!).getDate()).toBe(24);
    expect(new Date(to!).getHours()).toBe(0);
    expect(periodOf('', '')).toEqual({ from: undefined, to: undefined });
  });
});
