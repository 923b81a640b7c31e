import { useFormikContext } from 'formik';
import { createContext, useContext } from 'react';
import type { FieldSpec } from './fields';
import type { FormItem, FormValues } from './types';

/** What every control of a rendered form may need besides its own value. */
export interface FormRuntime {
  componentId: number;
  formId: number;
  /** The item as loaded or last saved (0 id for a new one). */
  item: FormItem;
  /** The item with the values being edited: what showWhen tests read. */
  liveItem: FormItem;
  display: Record<string, string>;
  fieldsByControl: Map<object, FieldSpec[]>;
  /** The caller may not save: every control is read-only. */
  readOnly: boolean;
  /** How many times the user tried to save (a failed try opens the tab holding the refused field). */
  attempts: number;
}

export const FormRuntimeContext = createContext<FormRuntime | null>(null);

export function useFormRuntime(): FormRuntime {
  const runtime = useContext(FormRuntimeContext);
  if (!runtime) throw new Error('useFormRuntime must be used inside a rendered form');
  return runtime;
}

/** One field's value, its shown error (after the user left it or tried to save) and whether it can change. */
export function useField(field: FieldSpec) {
  const { values, errors, touched, setFieldValue, setFieldTouched } = useFormikContext<FormValues>();
  const { readOnly } = useFormRuntime();
  const error = touched[field.key] ? (errors[field.key] as string | undefined) : undefined;
  return {
    value: values[field.key],
    error,
    disabled: readOnly || field.control.readOnly === true,
    setValue: (value: unknown, validate = false) => void setFieldValue(field.key, value, validate),
    touch: () => void setFieldTouched(field.key, true, true),
    /** Sets the value the field settles on when the user leaves it, and shows its check. */
    commit: (value: unknown) => {
      void setFieldValue(field.key, value, true);
      void setFieldTouched(field.key, true, false);
    },
  };
}
