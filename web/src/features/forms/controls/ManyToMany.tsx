import { useTranslation } from 'react-i18next';
import type { FormControl } from '../types';
import { LinkedItems } from './ManyToManyLinks';

/** Many-to-many: the items of the control's type linked to this one (loadManyToManyFormData). */
export function ManyToMany({ control }: { control: FormControl }) {
  const { t } = useTranslation('forms');
  const label = control.label || t('kinds.many-to-many');
  return <LinkedItems label={label} relatedComponentId={control.componentId ?? 0} searchLabel={t('links.search')} />;
}
