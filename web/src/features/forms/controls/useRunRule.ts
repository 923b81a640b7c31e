import { useMutation } from '@tanstack/react-query';
import { useFormikContext } from 'formik';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/client';
import { executeFormBusinessRule, type RuleResult } from '../api';
import { useFormRuntime } from '../context';
import { toFormValue } from '../fields';
import type { FieldValidation, FormValues } from '../types';

interface RunOptions {
  rule: string;
  field?: string;
  params?: Record<string, unknown>;
}

/**
 * Runs a form rule on the values being edited and puts the fields it changed into the form
 * (nothing is saved until the user saves). A refusal (422) shows the rule's message; a window's
 * refused values (400 with Validations) come back as fieldErrors.
 */
export function useRunRule(onApplied?: (key: string, value: unknown) => void) {
  const { t } = useTranslation('forms');
  const { enqueueSnackbar } = useSnackbar();
  const { setFieldValue } = useFormikContext<FormValues>();
  const { componentId, formId, liveItem, readOnly, fieldsByControl } = useFormRuntime();
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const mutation = useMutation({
    mutationFn: ({ rule, field, params }: RunOptions) =>
      executeFormBusinessRule({ componentID: componentId, formID: formId, rule, item: liveItem, field, params }),
  });

  const apply = (result: RuleResult) => {
    const fields = [...fieldsByControl.values()].flat();
    for (const key of result.changed ?? []) {
      const field = fields.find((f) => f.key === key);
      if (!field) continue;
      const value = toFormValue(field, result.item?.[key]);
      onApplied?.(key, value);
      void setFieldValue(key, value, true);
    }
  };

  const run = (options: RunOptions, onDone?: () => void) => {
    setFieldErrors({});
    mutation.mutate(options, {
      onSuccess: (result) => {
        apply(result);
        onDone?.();
        // A change rule speaks only when it has something to say.
        if (result.Message || !options.field) enqueueSnackbar(result.Message || t('rule.done'), { variant: 'success' });
      },
      onError: (error) => {
        const validations = isApiError(error)
          ? (error.body as { Validations?: FieldValidation[] } | undefined)?.Validations
          : undefined;
        if (validations?.length) {
          setFieldErrors(Object.fromEntries(validations.map((v) => [v.Field, v.Message])));
          return;
        }
        enqueueSnackbar(isApiError(error) ? error.message : t('rule.failed'), {
          variant: isApiError(error) && error.status === 422 ? 'warning' : 'error',
        });
      },
    });
  };

  return { run, pending: mutation.isPending, readOnly, fieldErrors };
}
