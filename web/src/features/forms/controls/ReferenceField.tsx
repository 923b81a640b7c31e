import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formKeys, lookup, type Choice, type LookupSource } from '../api';
import { useField, useFormRuntime } from '../context';
import type { FieldSpec } from '../fields';

function useDebounced<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

/**
 * A user, group, company, project, organizational unit or item picker: searches the server
 * as the user types (loadUsers, loadOrganizationalStructures, loadCompanies, loadProjects,
 * loadGenericItems).
 */
export function ReferenceField({ field, source }: { field: FieldSpec; source: LookupSource }) {
  const { t } = useTranslation('forms');
  const { control } = field;
  const { value, error, disabled, setValue, touch } = useField(field);
  const { item, display } = useFormRuntime();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const search = useDebounced(text, 300);
  const initialLabel = field.key === 'ResponsibleID' ? String(item.ResponsibleName ?? '') : (display[field.key] ?? (field.key === 'Parent' ? String(item.ParentTitle ?? '') : ''));
  const [selected, setSelected] = useState<Choice | null>(typeof value === 'number' ? { id: value, label: initialLabel || `#${value}` } : null);
  const componentId = control.componentId;
  const query = useQuery({
    queryKey: formKeys.lookup(source, search, componentId),
    queryFn: ({ signal }) => lookup(source, { text: search, componentId }, signal),
    enabled: open,
    staleTime: 30_000,
  });
  const current = typeof value === 'number' ? (selected?.id === value ? selected : { id: value, label: `#${value}` }) : null;

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
          <Box component="li" key={key} {...rest} sx={{ pl: `${16 + (option.depth ?? 0) * 16}px !important` }}>
            <Box>
              <Typography variant="body2">{option.label}</Typography>
              {option.secondary && (
                <Typography variant="caption" color="text.secondary">
                  {option.secondary}
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
