import type { RouteObject } from 'react-router';
import { ReportPage } from './pages';

/** /runtime/{appID}/report/{reportID}/{title} (spec section 2), a child of /runtime/{appID}. */
export const runtimeReportRoutes: RouteObject[] = [{ path: 'report/:reportID/:title?', element: <ReportPage /> }];

/** /report and /General/ReportPanel.aspx: the report named by the query's reportID. */
export const topLevelReportRoutes: RouteObject[] = [
  { path: 'report', element: <ReportPage /> },
  { path: 'General/ReportPanel.aspx', element: <ReportPage /> },
];
