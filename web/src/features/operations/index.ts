/**
 * The operations feature's public entry: what the items' bulk actions use of it (the operations of a
 * type, their parameter form and their result). Everything else under features/operations/ is its own.
 */
export type { Operation, OperationOutcome } from './api';
export { ParameterForm, type RunHelpers } from './ParameterForm';
export { ResultView } from './ResultView';
