import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { referenceLookup, type ReferenceChoice } from '../../api/referenceSources';
import { useDebounced } from '../../components/useDebounced';
import './i18n';

/** Where a project's pickers look: people (loadUsers), groups, work calendars (loadCalendars). */
export type LookupKind = 'users' | 'groups' | 'calendars';

/**
 * One user, group or work calendar, searched on the server as the user types (the first 50
 * matches). `value` carries its label so a chosen one shows its name before any search.
 */
export function LookupField({
  kind,
  label,
  name,
  value,
  onChange,
  exclude,
  required,
  disabled,
  clearable = true,
  error,
  helperText,
  size,
}: {
  kind: LookupKind;
  label: string;
  name: string;
  value: ReferenceChoice | null;
  onChange: (choice: ReferenceChoice | null) => void;
  /** Ids not offered (those already in a list). */
  exclude?: number[];
  required?: boolean;
  disabled?: boolean;
  /** false when there is always a choice (a project's manager). */
  clearable?: boolean;
  error?: string;
  helperText?: string;
  size?: 'small' | 'medium';
}) {
  const { t, i18n } = useTranslation('projects');
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const search = useDebounced(text, 300);
  const choices = useQuery({
    queryKey: ['projects', 'lookup', kind, search],
    queryFn: ({ signal }) => referenceLookup(kind, { text: search }, signal),
    enabled: open,
    staleTime: 30_000,
  });
  const options = (choices.data ?? []).filter((choice) => !exclude?.includes(choice.id));
  const secondaryOf = (choice: ReferenceChoice) =>
    choice.weeklyMinutes === undefined
      ? choice.secondary
      : choice.periods
        ? t('lookup.week', { hours: formatHours(choice.weeklyMinutes, i18n.language), count: choice.periods })
        : t('lookup.noPeriods');

  return (
    <Autocomplete
      options={options}
      value={value}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      disabled={disabled}
      disableClearable={!clearable}
      size={size}
      filterOptions={(all) => all}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      getOptionLabel={(option) => option.label}
      onChange={(_event, choice) => onChange(choice)}
      onInputChange={(_event, input, reason) => {
        if (reason === 'input') setText(input);
        else if (reason === 'clear') setText('');
      }}
      loading={choices.isFetching}
      loadingText={t('lookup.loading')}
      noOptionsText={t('lookup.noOptions')}
      renderOption={(props, option) => {
        const { key, ...rest } = props as typeof props & { key: string };
        const secondary = secondaryOf(option);
        return (
          <Box component="li" key={key} {...rest} sx={{ pl: `${16 + (option.depth ?? 0) * 16}px !important` }}>
            <Box>
              <Typography variant="body2">{option.label}</Typography>
              {secondary && (
                <Typography variant="caption" color="text.secondary">
                  {secondary}
                </Typography>
              )}
            </Box>
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          error={Boolean(error)}
          helperText={error || helperText}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, name },
            input: {
              ...params.slotProps.input,
              endAdornment: (
                <>
                  {choices.isFetching ? <CircularProgress color="inherit" size={18} /> : null}
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
