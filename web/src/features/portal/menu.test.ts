import { describe, expect, it } from 'vitest';
import type { MenuEntry } from './api';
import { ancestorsOf, firstLink, isRuntimeIndex, linkWithQuery, megaColumns, searchMenu } from './menu';

const entry = (key: string, name: string, link = '', extra: Partial<MenuEntry> = {}): MenuEntry => ({
  key,
  keyParent: null,
  name,
  link,
  icon: '',
  isFontAwesome: false,
  imageContent: '',
  badge: '',
  title: false,
  multilevel: false,
  ...extra,
});

// The demo application's shape (docs/portal.md).
const demo: MenuEntry[] = [
  entry('work', 'Trabalho', '', {
    child: [
      entry('day', 'Dia a dia', '', { title: true }),
      entry('calendar', 'Agenda', '/runtime/1/calendar/Agenda'),
      entry('resources', 'Recursos', '/runtime/1/resourcesList/Recursos'),
      entry('repos', 'Repositórios', '/runtime/1/repositories/Repositórios'),
      entry('reposView', 'Visão dos repositórios', '/runtime/1/repositoryView/Visão'),
    ],
  }),
  entry('hours', 'Horas', '', {
    child: [
      entry('mine', 'Minhas horas', '/runtime/1/myTimesheet/Minhas', { badge: 'Beta' }),
      entry('mgmt', 'Gestão', '', {
        multilevel: true,
        child: [
          entry('team', 'Horas da equipe', '/runtime/1/timesheetList/Equipe'),
          entry('close', 'Fechamento do mês', '/runtime/1/closeMonthList/Fechamento'),
        ],
      }),
    ],
  }),
  entry('help', 'Ajuda', '', { child: [entry('docs', 'Documentação', 'https://github.com/tramita/tramita')] }),
];

describe('searchMenu', () => {
  it('matches a substring of the name, ignoring case', () => {
    expect(searchMenu(demo, 'HORAS').map((e) => e.key)).toEqual(['mine', 'team']);
    expect(searchMenu(demo, 'recur').map((e) => e.key)).toEqual(['resources']);
  });

  it('gives at most five entries, only ones with a link', () => {
    expect(searchMenu(demo, 'o')).toHaveLength(5);
    expect(searchMenu(demo, 'trabalho')).toEqual([]); // a group has no link
    expect(searchMenu(demo, '  ')).toEqual([]);
  });
});

describe('firstLink', () => {
  it('is the first entry with a link, in menu order, skipping groups and titles', () => {
    expect(firstLink(demo)).toBe('/runtime/1/calendar/Agenda');
    expect(firstLink([entry('t', 'Title', '', { title: true })])).toBeUndefined();
  });
});

describe('linkWithQuery', () => {
  it('keeps the current query string', () => {
    expect(linkWithQuery('/runtime/1/calendar/Agenda', '?project=4')).toBe('/runtime/1/calendar/Agenda?project=4');
    expect(linkWithQuery('/runtime/1/list?x=1', '?project=4')).toBe('/runtime/1/list?x=1&project=4');
    expect(linkWithQuery('/runtime/1/calendar/Agenda', '')).toBe('/runtime/1/calendar/Agenda');
  });

  it('leaves absolute links alone', () => {
    expect(linkWithQuery('https://example.com/a', '?project=4')).toBe('https://example.com/a');
  });
});

describe('ancestorsOf', () => {
  it('gives the groups above the entry of the current path', () => {
    expect(ancestorsOf(demo, '/runtime/1/timesheetList/Equipe')).toEqual(['hours', 'mgmt']);
    expect(ancestorsOf(demo, '/elsewhere')).toEqual([]);
  });
});

describe('megaColumns', () => {
  it('starts a column at each section title and gives a nested group its own column', () => {
    const work = [
      entry('day', 'Dia a dia', '', { title: true }),
      entry('calendar', 'Agenda', '/c'),
      entry('docs', 'Documentos', '', { title: true }),
      entry('repos', 'Repositórios', '/r'),
    ];
    expect(megaColumns(work).map((c) => [c.title, c.links.map((l) => l.key)])).toEqual([
      ['Dia a dia', ['calendar']],
      ['Documentos', ['repos']],
    ]);
    expect(megaColumns(demo[1]!.child!).map((c) => [c.title, c.links.map((l) => l.key)])).toEqual([
      [null, ['mine']],
      ['Gestão', ['team', 'close']],
    ]);
  });

  it('drops titles with no links under them', () => {
    expect(megaColumns([entry('t', 'Vazio', '', { title: true })])).toEqual([]);
  });
});

describe('isRuntimeIndex', () => {
  it('holds for the application itself only, so a late redirect never takes a user off an entry they opened', () => {
    expect(isRuntimeIndex('/runtime/2')).toBe(true);
    expect(isRuntimeIndex('/runtime/2/')).toBe(true);
    expect(isRuntimeIndex('/runtime/2/operation/1/Relat%C3%B3rio')).toBe(false);
    expect(isRuntimeIndex('/runtime/2/list/1/1/2/1/Tarefas')).toBe(false);
    expect(isRuntimeIndex('/app')).toBe(false);
  });
});
