/**
 * The forms feature's public entry: what other features use of it (the items' bulk edit draws the form's
 * controls). Everything else under features/forms/ is the feature's own: docs/architecture.md, "Web app:
 * formatting and import boundaries".
 */
export { ControlNode } from './FormRenderer';
export { FormRuntimeContext, type FormRuntime } from './context';
export {
  checkFields,
  currentItem,
  fieldsOf,
  itemKeyOf,
  toFormValues,
  toItemValue,
  type FieldProblem,
  type FieldSpec,
} from './fields';
export type { FieldValidation, FormControl, FormDefinition, FormValues } from './types';
// The item's time entries: the week grid (features/timesheets) reads hours as the control does and
// refreshes the control's entries after writing them.
export { formatMinutes, parseHours, timesheetKeys } from './controls/TimesheetsApi';
