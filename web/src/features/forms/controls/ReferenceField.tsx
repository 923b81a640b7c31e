import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formKeys } from '../api';
import { useField, useFormRuntime } from '../context';
import type { FieldSpec } from '../fields';
import { referenceLookup, type ReferenceChoice, type ReferenceSource } from '../../../api/referenceSources';
import { useDebounced } from '../../../components/useDebounced';

function ColorDot({ color }: { color?: string }) {
  if (!color) return null;
  return (
    <Box
      component="span"
      aria-hidden
      sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: color, display: 'inline-block', mr: 1, flexShrink: 0 }}
    />
  );
}

/**
 * A user, group, company, project, organizational unit, item, status or work calendar picker:
 * searches the server as the user types (loadUsers, loadOrganizationalStructures, loadCompanies,
 * loadProjects, loadGenericItems, loadItemTypeStatuses, loadCalendars). Statuses are few: they
 * load with the form, so the chosen one shows its colour.
 */
export function ReferenceField({ field, source }: { field: FieldSpec; source: ReferenceSource }) {
  const { t, i18n } = useTranslation('forms');
  const { control } = field;
  const { value, error, disabled, setValue, touch } = useField(field);
  const { item, display } = useFormRuntime();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const search = useDebounced(text, 300);
  const initialLabel =
    field.key === 'ResponsibleID'
      ? String(item.ResponsibleName ?? '')
      : (display[field.key] ?? (field.key === 'Parent' ? String(item.ParentTitle ?? '') : ''));
  const [selected, setSelected] = useState<ReferenceChoice | null>(
    typeof value === 'number' ? { id: value, label: initialLabel || `#${value}` } : null,
  );
  const componentId = control.componentId;
  const query = useQuery({
    queryKey: formKeys.lookup(source, search, componentId),
    queryFn: ({ signal }) => referenceLookup(source, { text: search, componentId }, signal),
    enabled: open || source === 'statuses',
    staleTime: 30_000,
  });
  const known = query.data?.find((option) => option.id === value);
  const current: ReferenceChoice | null =
    typeof value === 'number'
      ? selected?.id === value
        ? { ...selected, color: selected.color ?? known?.color }
        : (known ?? { id: value, label: `#${value}` })
      : null;
  const secondaryOf = (option: ReferenceChoice) =>
    option.weeklyMinutes === undefined
      ? option.secondary
      : option.periods
        ? t('calendar.week', { hours: formatHours(option.weeklyMinutes, i18n.language), count: option.periods })
        : t('calendar.empty');

  return (
    <Autocomplete
      options={query.data ?? []}
      value={current}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      disabled={disabled}
      filterOptions={(options) => options}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      getOptionLabel={(option) => option.label}
      onChange={(_event, choice) => {
        setSelected(choice);
        setValue(choice ? choice.id : null, true);
      }}
      onInputChange={(_event, input, reason) => {
        if (reason === 'input') setText(input);
        else if (reason === 'clear') setText('');
      }}
      loading={query.isFetching}
      loadingText={t('lookup.loading')}
      noOptionsText={t('lookup.noOptions')}
      renderOption={(props, option) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <Box
            component="li"
            key={key}
            {...rest}
            sx={{ pl: `${16 + (option.depth ?? 0) * 16}px !important`, display: 'flex', alignItems: 'center' }}
          >
            <ColorDot color={option.color} />
            <Box>
              <Typography variant="body2">{option.label}</Typography>
              {secondaryOf(option) && (
                <Typography variant="caption" color="text.secondary">
                  {secondaryOf(option)}
                </Typography>
              )}
            </Box>
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={control.label}
          required={control.required}
          error={Boolean(error)}
          helperText={error}
          onBlur={touch}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, name: field.key },
            input: {
              ...params.slotProps.input,
              startAdornment: current?.color ? (
                <ColorDot color={current.color} />
              ) : (
                params.slotProps.input.startAdornment
              ),
              endAdornment: (
                <>
                  {query.isFetching ? <CircularProgress color="inherit" size={18} /> : null}
                  {params.slotProps.input.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}

/** Hours of a week's work as a person reads them: 40, or 37,5. */
function formatHours(minutes: number, language: string): string {
  return (Math.round((minutes / 60) * 10) / 10).toLocaleString(language);
}
