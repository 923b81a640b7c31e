import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { inputKind, sortFields } from '../additionalFields';
import type { FieldDefinition } from '../api';

/**
 * Filters by a record's additional fields: the value's text contains the filter's (a yes/no field
 * by true or false, a pick list by its value), as the server filters the user list.
 */
export function AdditionalFieldFilters({
  fields,
  values,
  onChange,
}: {
  fields: FieldDefinition[];
  values: Record<string, string>;
  onChange: (values: Record<string, string>) => void;
}) {
  const { t } = useTranslation('admin');
  const set = (id: number, value: string) => onChange({ ...values, [String(id)]: value });
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Typography variant="subtitle2" sx={{ mb: 1.5 }}>
        {t('users.additionalFilters')}
      </Typography>
      <Grid container spacing={2}>
        {sortFields(fields).map((field) => {
          const kind = inputKind(field.type);
          const value = values[String(field.id)] ?? '';
          const common = {
            size: 'small' as const,
            label: field.name,
            value,
            onChange: (event: React.ChangeEvent<HTMLInputElement>) => set(field.id, event.target.value),
          };
          return (
            <Grid key={field.id} size={{ xs: 12, sm: 6, md: 4, lg: 3 }}>
              {kind === 'boolean' || kind === 'picklist' ? (
                <TextField {...common} select>
                  <MenuItem value="">
                    <em>{t('users.anyValue')}</em>
                  </MenuItem>
                  {(kind === 'boolean'
                    ? [
                        { value: 'true', text: t('common.yes') },
                        { value: 'false', text: t('common.no') },
                      ]
                    : field.options.map((option) => ({ value: option.value, text: option.text || option.value }))
                  ).map((option) => (
                    <MenuItem key={option.value} value={option.value}>
                      {option.text}
                    </MenuItem>
                  ))}
                </TextField>
              ) : (
                <TextField {...common} placeholder={t('users.filter')} />
              )}
            </Grid>
          );
        })}
      </Grid>
      {Object.values(values).some((v) => v !== '') && (
        <Button size="small" sx={{ mt: 1.5 }} onClick={() => onChange({})}>
          {t('log.clearFilters')}
        </Button>
      )}
    </Paper>
  );
}
