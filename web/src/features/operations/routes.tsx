import type { RouteObject } from 'react-router';
import { OperationPage } from './pages';

/** /runtime/{appID}/operation/{operationID}/{title}: an operation of the application (spec section 2), a child of /runtime/{appID}. */
export const runtimeOperationRoutes: RouteObject[] = [
  { path: 'operation/:operationID/:title?', element: <OperationPage /> },
];
