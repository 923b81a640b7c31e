import { matchRoutes } from 'react-router';
import { routes } from '../../app/routes';

describe('screens the spec names but this version does not have', () => {
  it.each([
    '/runtime/1/calendar/Agenda',
    '/runtime/1/resourcesList/Recursos',
    '/runtime/1/repositories/Reposit%C3%B3rios',
    '/runtime/1/myTimesheet/Minhas%20horas',
    '/report',
  ])('%s is "not available yet", not the 404', (path) => {
    const matched = matchRoutes(routes, path) ?? [];
    const last = matched[matched.length - 1];
    expect(last?.route.path).not.toBe('*');
  });

  it('an address the spec does not name is still the 404', () => {
    const matched = matchRoutes(routes, '/runtime/1/nothing/here') ?? [];
    expect(matched[matched.length - 1]?.route.path).toBe('*');
  });
});
