import { useTranslation } from 'react-i18next';
import type { FieldMessages } from '../additionalFields';

/** The messages of the additional fields' checks, in the interface language. */
export function useFieldMessages(): FieldMessages {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation();
  return {
    required: tc('validation.required'),
    invalidDate: t('common.invalidDate'),
    invalidNumber: t('fields.invalidNumber'),
    wholeNumber: t('fields.wholeNumber'),
    range: t('fields.range'),
  };
}
