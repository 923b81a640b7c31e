import { describe, expect, it } from 'vitest';
import type { UserRow } from '../api';
import { fold } from '../../../lib/format';
import { NO_FILTERS, USER_TABLE_ROWS, visibleUsers } from './userTable';

const row = (id: number, name: string, email = `${id}@example.test`, companyName = ''): UserRow => ({
  id,
  name,
  email,
  companyName,
  login: `u${id}`,
  active: true,
  avatar: '',
});

describe('the user table', () => {
  const rows = [
    row(1, 'Zélia Prado', 'zelia@acme.test', 'Acme'),
    row(2, 'João Lima', 'joao@beta.test', 'Beta'),
    row(3, 'ana souza', 'ana@acme.test', 'Acme Ltda'),
  ];

  it('sorts by name (accents and case aside), both ways', () => {
    expect(visibleUsers(rows, NO_FILTERS, 'asc').rows.map((r) => r.id)).toEqual([3, 2, 1]);
    expect(visibleUsers(rows, NO_FILTERS, 'desc').rows.map((r) => r.id)).toEqual([1, 2, 3]);
  });

  it('filters each column by contained text, ignoring case and accents, all filters together', () => {
    expect(visibleUsers(rows, { ...NO_FILTERS, name: 'JOAO' }, 'asc').rows.map((r) => r.id)).toEqual([2]);
    expect(visibleUsers(rows, { ...NO_FILTERS, companyName: 'acme' }, 'asc').rows.map((r) => r.id)).toEqual([3, 1]);
    expect(visibleUsers(rows, { name: 'a', email: 'acme', companyName: 'ltda' }, 'asc').rows.map((r) => r.id)).toEqual([
      3,
    ]);
    expect(visibleUsers(rows, { ...NO_FILTERS, email: 'nobody' }, 'asc')).toEqual({ rows: [], matched: 0 });
  });

  it('shows at most 100 rows and counts every match (10,000 users)', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => row(i + 1, `Pessoa ${String(i).padStart(5, '0')}`));
    const started = performance.now();
    const { rows: shown, matched } = visibleUsers(many, { ...NO_FILTERS, name: 'pessoa' }, 'asc');
    expect(shown).toHaveLength(USER_TABLE_ROWS);
    expect(matched).toBe(10_000);
    expect(shown[0]!.name).toBe('Pessoa 00000');
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('folds accents', () => {
    expect(fold('Conceição ÁGUA')).toBe('conceicao agua');
  });
});
