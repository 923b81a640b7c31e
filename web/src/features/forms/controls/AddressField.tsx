import SearchOutlined from '@mui/icons-material/SearchOutlined';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useMutation } from '@tanstack/react-query';
import { useFormikContext } from 'formik';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/client';
import { addressByZipCode, type Address } from '../api';
import { useField } from '../context';
import type { FieldSpec } from '../fields';
import { applyMask, isMaskComplete, ZIP_MASK } from '../../../lib/mask';
import type { FormValues } from '../types';

const PART_WIDTH: Record<string, number> = { street: 8, number: 4, complement: 4, district: 4, city: 6, state: 2 };
const PART_ORDER = ['street', 'number', 'complement', 'district', 'city', 'state'];

function PartField({ field }: { field: FieldSpec }) {
  const { t } = useTranslation('forms');
  const { value, error, disabled, setValue, touch } = useField(field);
  return (
    <TextField
      fullWidth
      label={t(`address.${field.part as 'street'}`)}
      value={String(value ?? '')}
      disabled={disabled}
      onChange={(event) => setValue(event.target.value)}
      onBlur={touch}
      error={Boolean(error)}
      helperText={error}
      slotProps={{ htmlInput: { name: field.key, maxLength: field.part === 'state' ? 2 : undefined } }}
    />
  );
}

/** Address: the ZIP code (99999-999) fills street, district, city and state through getAddressByZipCode. */
export function AddressField({ field, parts }: { field: FieldSpec; parts: FieldSpec[] }) {
  const { t } = useTranslation('forms');
  const { enqueueSnackbar } = useSnackbar();
  const { setFieldValue } = useFormikContext<FormValues>();
  const { value, error, disabled, setValue, touch } = useField(field);
  const zip = String(value ?? '');
  const lookup = useMutation({
    mutationFn: addressByZipCode,
    onSuccess: (address: Address) => {
      for (const part of parts) {
        const found = address[part.part as keyof Address];
        if (found) void setFieldValue(part.key, found, false);
      }
      enqueueSnackbar(t('address.filled'), { variant: 'success' });
    },
    onError: (error) =>
      enqueueSnackbar(isApiError(error) ? error.message : t('address.failed'), {
        variant: isApiError(error) && error.status === 404 ? 'warning' : 'error',
      }),
  });
  const canSearch = !disabled && isMaskComplete(zip, ZIP_MASK);
  const sorted = [...parts].sort((a, b) => PART_ORDER.indexOf(a.part ?? '') - PART_ORDER.indexOf(b.part ?? ''));
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, sm: 4 }}>
        <TextField
          fullWidth
          label={field.control.label || t('address.zip')}
          required={field.control.required}
          value={zip}
          disabled={disabled}
          placeholder="00000-000"
          onChange={(event) => setValue(applyMask(event.target.value, ZIP_MASK))}
          onBlur={touch}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && canSearch) {
              event.preventDefault();
              lookup.mutate(zip);
            }
          }}
          error={Boolean(error)}
          helperText={error ?? (disabled ? undefined : t('address.hint'))}
          slotProps={{
            htmlInput: { inputMode: 'numeric', name: field.key },
            input: {
              endAdornment: disabled ? undefined : (
                <InputAdornment position="end">
                  <Tooltip title={t('address.search')}>
                    <span>
                      <IconButton
                        edge="end"
                        size="small"
                        aria-label={t('address.search')}
                        disabled={!canSearch || lookup.isPending}
                        onClick={() => lookup.mutate(zip)}
                      >
                        {lookup.isPending ? <CircularProgress size={18} /> : <SearchOutlined fontSize="small" />}
                      </IconButton>
                    </span>
                  </Tooltip>
                </InputAdornment>
              ),
            },
          }}
        />
      </Grid>
      {sorted.map((part) => (
        <Grid key={part.key} size={{ xs: 12, sm: PART_WIDTH[part.part ?? ''] ?? 6 }}>
          <PartField field={part} />
        </Grid>
      ))}
    </Grid>
  );
}
