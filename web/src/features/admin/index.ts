/**
 * The admin feature's public entry: the work calendar parts (week periods, holidays with Brazil's
 * national holidays) and the additional-field inputs, which the resources screen reuses so a
 * calendar or a field is edited the same way in the user form and the resource form. They speak
 * the 'admin' texts, loaded here with them.
 */
import './i18n';

export type { AdditionalValues, CodeOption, FieldDefinition, Holiday, Option, WorkPeriod } from './api';
export { additionalPayload, validateAdditional } from './additionalFields';
export { AdditionalFieldInputs } from './components/AdditionalFieldInputs';
export { DayField } from './components/DayField';
export { useFieldMessages } from './components/useFieldMessages';
export { HolidaysEditor } from './users/HolidaysEditor';
export { holidayProblem } from './users/holidays';
export { WorkCalendarEditor } from './users/WorkCalendarEditor';
export { periodProblem } from './users/workCalendar';
