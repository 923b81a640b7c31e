import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import FilterIcon from '@mui/icons-material/FilterList';
import { useTranslation } from 'react-i18next';

/** A column's text filter, in the row under the headers. */
export function FilterField({
  column,
  value,
  onChange,
}: {
  column: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <TextField
      size="small"
      variant="standard"
      placeholder={t('users.filter')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      fullWidth
      slotProps={{
        htmlInput: { 'aria-label': t('users.filterBy', { column }) },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <FilterIcon sx={{ fontSize: 16 }} />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
