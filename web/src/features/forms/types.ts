/** A control of a form as getForm answers it (docs/app-packages.md, "Forms"). */
export interface FormControl {
  kind: string;
  key?: string;
  field?: string;
  itemType?: string;
  label?: string;
  attributeType?: string;
  required?: boolean;
  readOnly?: boolean;
  hidden?: boolean;
  minimum?: number;
  maximum?: number;
  decimalScale?: number;
  prefix?: string;
  suffix?: string;
  currency?: boolean;
  decimalSeparator?: string;
  thousandSeparator?: string;
  mask?: string;
  maxLength?: number;
  format?: string;
  dateTimeFormatType?: number;
  picklistId?: number;
  dependsOn?: string;
  componentId?: number;
  parts?: Record<string, string>;
  rule?: string;
  /** The rule executeFormBusinessRule runs (with this field) when the value changes. */
  onChange?: string;
  /** A button's window: values asked before its rule runs (executeWindowCallResultFunction). */
  window?: WindowField[];
  text?: string;
  showWhen?: ShowWhen;
  width?: number;
  children?: FormControl[];
}

export interface WindowField {
  key: string;
  name: string;
  type: 'STRING' | 'INTEGER' | 'DECIMAL' | 'CURRENCY' | 'BOOLEAN' | 'DATE_TIME' | 'PICKLIST';
  required?: boolean;
  options?: { value: string; text: string; color?: string }[];
}

export interface ShowWhen {
  field: string;
  operator: 'equals' | 'notEquals' | 'isAnyOf' | 'isEmpty' | 'isNotEmpty';
  value?: unknown;
}

export interface FormDefinition {
  id: number;
  key: string;
  name: string;
  componentID: number;
  componentName: string;
  controls: FormControl;
}

/** An item as a form binds it: system fields and raw attribute values by key. */
export type FormItem = Record<string, unknown> & { id?: number };

export interface FormInitialData {
  form: FormDefinition;
  item: FormItem;
  isNew: boolean;
  canEdit: boolean;
  /** Why an existing item may not be edited, in the caller's language. */
  cannotEditReason?: string;
  /** The caller may delete the item (false for a new one). */
  canDelete?: boolean;
  /** A new item of a project-scoped type asked for without a project: the form asks which first. */
  needsProject?: boolean;
  modificationDateTicks: number;
  display: Record<string, string>;
}

export interface SaveItemResult {
  Message: string;
  id: number;
  FormattedID: number;
  version: number;
  modificationDateTicks: number;
  item: FormItem;
  display: Record<string, string>;
  next?: FormInitialData;
}

export interface FieldValidation {
  Field: string;
  Message: string;
}

/** What the form holds while editing: per field, the text or choice the user sees. */
export type FormValues = Record<string, unknown>;
