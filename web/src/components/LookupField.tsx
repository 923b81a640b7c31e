import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { referenceLookup, type ReferenceChoice, type ReferenceSource } from '../api/referenceSources';
import { formatHours } from '../lib/format';
import { useDebounced } from './useDebounced';

export interface LookupFieldProps {
  source: ReferenceSource;
  label: string;
  /** The input's name (forms and tests find the field by it). */
  name?: string;
  /**
   * The chosen one. A label '' is completed from the loaded choices, else shown as #id; a status
   * takes its colour from them too.
   */
  value: ReferenceChoice | null;
  onChange: (choice: ReferenceChoice | null) => void;
  /** The type whose items or statuses are offered. */
  componentId?: number;
  /** Load the choices before the list opens: statuses are few, and the chosen one shows its colour. */
  preload?: boolean;
  /** Ids not offered (those already in a list). */
  exclude?: number[];
  required?: boolean;
  disabled?: boolean;
  /** false when there is always a choice (a project's manager). */
  clearable?: boolean;
  error?: string;
  helperText?: string;
  size?: 'small' | 'medium';
  onBlur?: () => void;
}

/**
 * One user, group, company, project, organizational unit, item, status or work calendar, searched on
 * the server as the user types (the first matches; referenceLookup). Units show their depth, statuses
 * their colour, calendars their hours of work a week.
 */
export function LookupField({
  source,
  label,
  name,
  value,
  onChange,
  componentId,
  preload = false,
  exclude,
  required,
  disabled,
  clearable = true,
  error,
  helperText,
  size,
  onBlur,
}: LookupFieldProps) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const search = useDebounced(text, 300);
  const choices = useQuery({
    queryKey: ['lookup', source, search, componentId ?? 0],
    queryFn: ({ signal }) => referenceLookup(source, { text: search, componentId }, signal),
    enabled: open || preload,
    staleTime: 30_000,
  });
  const options = (choices.data ?? []).filter((choice) => !exclude?.includes(choice.id));
  const known = value ? choices.data?.find((choice) => choice.id === value.id) : undefined;
  const current: ReferenceChoice | null = value && {
    ...value,
    label: value.label || known?.label || `#${value.id}`,
    color: value.color ?? known?.color,
  };
  const secondaryOf = (choice: ReferenceChoice) =>
    choice.weeklyMinutes === undefined
      ? choice.secondary
      : choice.periods
        ? t('lookup.week', { hours: formatHours(choice.weeklyMinutes, i18n.language), count: choice.periods })
        : t('lookup.noPeriods');

  return (
    <Autocomplete
      options={options}
      value={current}
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
          <Box
            component="li"
            key={key}
            {...rest}
            sx={{ pl: `${16 + (option.depth ?? 0) * 16}px !important`, display: 'flex', alignItems: 'center' }}
          >
            <ColorDot color={option.color} />
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
          onBlur={onBlur}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, name },
            input: {
              ...params.slotProps.input,
              startAdornment: current?.color ? (
                <ColorDot color={current.color} />
              ) : (
                params.slotProps.input.startAdornment
              ),
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
