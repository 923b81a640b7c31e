import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebounced } from '../../../../components/useDebounced';
import { formKeys } from '../../api';
import { referenceLookup, type ReferenceChoice } from '../../../../api/referenceSources';

/**
 * A user or work calendar picker outside the item's fields (the project's manager, its calendar):
 * searches the server as the user types (loadUsers, loadCalendars).
 */
export function LookupPicker({
  source,
  label,
  value,
  onChange,
  describe,
  error,
  disabled,
}: {
  source: 'users' | 'calendars';
  label: string;
  value: ReferenceChoice | null;
  onChange: (choice: ReferenceChoice | null) => void;
  /** The line under a choice (a calendar's hours a week). */
  describe?: (choice: ReferenceChoice) => string | undefined;
  error?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation('forms');
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const search = useDebounced(text, 300);
  const query = useQuery({
    queryKey: formKeys.lookup(source, search),
    queryFn: ({ signal }) => referenceLookup(source, { text: search }, signal),
    enabled: open,
    staleTime: 30_000,
  });
  const secondary = (option: ReferenceChoice) => (describe ? describe(option) : option.secondary);
  return (
    <Autocomplete
      options={query.data ?? []}
      value={value}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      disabled={disabled}
      filterOptions={(options) => options}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      getOptionLabel={(option) => option.label}
      onChange={(_event, choice) => onChange(choice)}
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
          <Box component="li" key={key} {...rest}>
            <Box>
              <Typography variant="body2">{option.label}</Typography>
              {secondary(option) && (
                <Typography variant="caption" color="text.secondary">
                  {secondary(option)}
                </Typography>
              )}
            </Box>
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField {...params} size="small" label={label} error={Boolean(error)} helperText={error} />
      )}
    />
  );
}
