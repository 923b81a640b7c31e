import { useState } from 'react';
import { fieldErrors } from '../../../lib/format';
import { useNotify } from './useNotify';

/**
 * A form's save: the form's own checks first (messages by field), then the call; a refusal shows
 * the server's message as a toast and its Validations under the fields.
 */
export function useFormSubmit() {
  const notify = useNotify();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const submit = async (checks: Record<string, string>, save: () => Promise<void>) => {
    setErrors(checks);
    if (Object.keys(checks).length > 0) return;
    setSaving(true);
    try {
      await save();
    } catch (error) {
      setErrors(fieldErrors(error));
      notify.failure(error);
    } finally {
      setSaving(false);
    }
  };
  return { errors, setErrors, saving, submit };
}
