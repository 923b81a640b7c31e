import { useTranslation } from 'react-i18next';
import type { FormControl } from '../types';
import { LinkedItems } from './ManyToManyLinks';

/** Item links: every item linked to this one, whatever its type (loadItemLinksFormData). */
export function ItemLinks({ control }: { control: FormControl }) {
  const { t } = useTranslation('forms');
  return (
    <LinkedItems label={control.label || t('links.title')} relatedComponentId={0} searchLabel={t('links.searchAny')} />
  );
}
