import { matchRoutes } from 'react-router';
import { routes } from '../../app/routes';
import { notBuiltRuntimePaths } from './notBuilt';

describe('screens the spec names but this version does not have', () => {
  it.each(['/runtime/1/repositoryView/Vis%C3%A3o', '/printLayout'])(
    '%s is "not available yet", not the 404',
    (path) => {
      const matched = matchRoutes(routes, path) ?? [];
      const last = matched[matched.length - 1];
      expect(last?.route.path).not.toBe('*');
    },
  );

  it.each([
    ['/runtime/1/myTimesheet/Minhas%20horas', 'myTimesheet/:title'],
    ['/runtime/1/closeMonthList/Fechamento%20do%20m%C3%AAs', 'closeMonthList/:title'],
    ['/runtime/1/timesheetList/Horas%20da%20equipe', 'timesheetList/:title'],
    ['/runtime/1/calendar/Agenda', 'calendar/:title'],
    ['/runtime/1/resourcesList/Recursos', 'resourcesList/:title'],
    ['/runtime/1/schedule/3/Cronograma', 'schedule/:viewID/:title'],
    ['/runtime/1/repositories/Reposit%C3%B3rios', 'repositories/:title'],
    ['/runtime/1/repository/4/-/-/Obra', 'repository/:projectId/:fileForm/:folderForm/:title'],
    ['/runtime/1/report/4/Tarefas', 'report/:reportID/:title?'],
    ['/report', 'report'],
    ['/General/ReportPanel.aspx', 'General/ReportPanel.aspx'],
  ])('%s is a screen of its own: neither "not available yet" nor the 404', (path, route) => {
    const matched = matchRoutes(routes, path) ?? [];
    expect(matched[matched.length - 1]?.route.path).toBe(route);
    expect(notBuiltRuntimePaths).not.toContain(route);
  });

  it('an address the spec does not name is still the 404', () => {
    const matched = matchRoutes(routes, '/runtime/1/nothing/here') ?? [];
    expect(matched[matched.length - 1]?.route.path).toBe('*');
  });
});
