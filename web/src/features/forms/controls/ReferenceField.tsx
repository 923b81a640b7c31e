import { useState } from 'react';
import type { ReferenceChoice, ReferenceSource } from '../../../api/referenceSources';
import { LookupField } from '../../../components/LookupField';
import { useField, useFormRuntime } from '../context';
import type { FieldSpec } from '../fields';

/**
 * A user, group, company, project, organizational unit, item, status or work calendar picker
 * bound to the item's field: the value is the chosen id, named by the form's display until
 * another is chosen. Statuses are few: they load with the form, so the chosen one shows its colour.
 */
export function ReferenceField({ field, source }: { field: FieldSpec; source: ReferenceSource }) {
  const { control } = field;
  const { value, error, disabled, setValue, touch } = useField(field);
  const { item, display } = useFormRuntime();
  const initialLabel =
    field.key === 'ResponsibleID'
      ? String(item.ResponsibleName ?? '')
      : (display[field.key] ?? (field.key === 'Parent' ? String(item.ParentTitle ?? '') : ''));
  const [selected, setSelected] = useState<ReferenceChoice | null>(
    typeof value === 'number' ? { id: value, label: initialLabel } : null,
  );
  // A value set otherwise (a rule, a reload) is named by the loaded choices.
  const current = typeof value === 'number' ? (selected?.id === value ? selected : { id: value, label: '' }) : null;
  return (
    <LookupField
      source={source}
      componentId={control.componentId}
      preload={source === 'statuses'}
      label={control.label ?? ''}
      name={field.key}
      required={control.required}
      disabled={disabled}
      error={error}
      onBlur={touch}
      value={current}
      onChange={(choice) => {
        setSelected(choice);
        setValue(choice ? choice.id : null, true);
      }}
    />
  );
}
