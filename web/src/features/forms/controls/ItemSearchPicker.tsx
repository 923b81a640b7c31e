import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LinkChoice } from '../api';
import { useDebounced } from '../../../components/useDebounced';

const choiceLabel = (choice: LinkChoice) => `#${choice.FormattedID} ${choice.Title}`;

/**
 * A search of items on the server by title or number, as the user types (debounced, only while the
 * list is open; the server filters, so the options are shown as they come). The caller holds the
 * chosen item and the typed text, to clear both once it has used the choice.
 */
export function ItemSearchPicker<Key extends QueryKey>({
  label,
  choices,
  value,
  onChange,
  inputValue,
  onInputChange,
  optionLines,
  sx,
}: {
  label: string;
  /** The server call for the typed text, enabled only while the list is open. */
  choices: (text: string, enabled: boolean) => UseQueryOptions<LinkChoice[], Error, LinkChoice[], Key>;
  value: LinkChoice | null;
  onChange: (choice: LinkChoice | null) => void;
  inputValue: string;
  onInputChange: (text: string) => void;
  /** MUI's plain option when absent; else the number and title as body text, with the item type under it or not. */
  optionLines?: 'title' | 'titleAndType';
  sx?: SxProps<Theme>;
}) {
  const { t } = useTranslation('forms');
  const [open, setOpen] = useState(false);
  const search = useDebounced(inputValue, 300);
  const query = useQuery(choices(search, open));
  return (
    <Autocomplete
      sx={sx}
      size="small"
      options={query.data ?? []}
      value={value}
      inputValue={inputValue}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      filterOptions={(options) => options}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      getOptionLabel={choiceLabel}
      onChange={(_event, choice) => onChange(choice)}
      onInputChange={(_event, input) => onInputChange(input)}
      loading={query.isFetching}
      loadingText={t('lookup.loading')}
      noOptionsText={t('lookup.noOptions')}
      renderOption={
        optionLines === undefined
          ? undefined
          : (props, option) => {
              const { key, ...rest } = props as typeof props & { key: string };
              return (
                <Box component="li" key={key} {...rest}>
                  <Box>
                    <Typography variant="body2">{choiceLabel(option)}</Typography>
                    {optionLines === 'titleAndType' && (
                      <Typography variant="caption" color="text.secondary">
                        {option.componentName}
                      </Typography>
                    )}
                  </Box>
                </Box>
              );
            }
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          slotProps={{
            ...params.slotProps,
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
