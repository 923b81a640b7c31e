import { useFormikContext } from 'formik';
import { useEffect, useRef } from 'react';
import type { FieldSpec } from '../fields';
import type { FormValues } from '../types';
import { useRunRule } from './useRunRule';

const QUIET_MS = 600;

/**
 * Runs a control's onChange rule (executeFormBusinessRule with the field) once the user has
 * stopped changing its value; what the rule changes comes back into the form without running
 * rules again.
 */
export function ChangeRules({ fields }: { fields: FieldSpec[] }) {
  const { values } = useFormikContext<FormValues>();
  // Values a rule put in: they do not run change rules again.
  const applied = useRef(new Map<string, unknown>());
  const { run } = useRunRule((key, value) => applied.current.set(key, value));
  const previous = useRef(values);
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const runRef = useRef(run);

  useEffect(() => {
    runRef.current = run;
  });

  useEffect(() => {
    const before = previous.current;
    previous.current = values;
    for (const field of fields) {
      const rule = field.control.onChange;
      if (!rule || before[field.key] === values[field.key]) continue;
      if (applied.current.has(field.key) && applied.current.get(field.key) === values[field.key]) {
        applied.current.delete(field.key);
        continue;
      }
      clearTimeout(timers.current.get(field.key));
      timers.current.set(
        field.key,
        setTimeout(() => runRef.current({ rule, field: field.key }), QUIET_MS),
      );
    }
  }, [fields, values]);

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  return null;
}
