import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Formik, type FormikHelpers } from 'formik';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../../components/DateInput';
import type { OperationParameter } from './api';
import {
  checkParameters,
  cleanParameterNumber,
  initialValues,
  PARAMETER_DATE_FORMAT,
  toParams,
  type ParameterValues,
} from './parameters';
import './i18n';

export type RunHelpers = Pick<FormikHelpers<ParameterValues>, 'setErrors'>;

/**
 * The operation's parameter form: a field per parameter of its type (picklists with their values,
 * required ones marked). The page runs the operation; the server's field messages come back through
 * setErrors and show on their fields.
 */
export function ParameterForm(props: {
  parameters: OperationParameter[];
  pending: boolean;
  onRun: (params: Record<string, unknown>, helpers: RunHelpers) => Promise<void>;
}) {
  const { t } = useTranslation('operations');
  const { parameters, pending, onRun } = props;
  const validate = (values: ParameterValues) =>
    Object.fromEntries(
      Object.entries(checkParameters(parameters, values)).map(([key, problem]) => [key, t(`validation.${problem}`)]),
    );
  const submit = (values: ParameterValues, helpers: FormikHelpers<ParameterValues>) =>
    onRun(toParams(parameters, values), helpers);
  return (
    <Formik<ParameterValues> initialValues={initialValues(parameters)} validate={validate} onSubmit={submit}>
      {({ values, errors, touched, handleSubmit, setFieldValue, setFieldTouched }) => (
        <Box component="form" noValidate onSubmit={handleSubmit} aria-label={t('form.title')}>
          <Stack spacing={2} sx={{ maxWidth: 560 }}>
            {parameters.length === 0 && <Typography color="text.secondary">{t('form.noParameters')}</Typography>}
            {parameters.map((p) => {
              const error = touched[p.key] ? errors[p.key] : undefined;
              const text = typeof values[p.key] === 'string' ? String(values[p.key]) : '';
              const set = (value: string | boolean) => void setFieldValue(p.key, value);
              const common = {
                id: `parameter-${p.key}`,
                name: p.key,
                label: p.name,
                required: p.required,
                error: Boolean(error),
                helperText: error,
                fullWidth: true,
                value: text,
                onBlur: () => void setFieldTouched(p.key, true),
              };
              switch (p.type) {
                case 'BOOLEAN':
                  return (
                    <Box key={p.key}>
                      <FormControlLabel
                        control={
                          <Checkbox
                            name={p.key}
                            checked={values[p.key] === true}
                            onChange={(event) => set(event.target.checked)}
                          />
                        }
                        label={p.name}
                      />
                      {error && <FormHelperText error>{error}</FormHelperText>}
                    </Box>
                  );
                case 'PICKLIST':
                  return (
                    <TextField key={p.key} {...common} select onChange={(event) => set(event.target.value)}>
                      {!p.required && (
                        <MenuItem value="">
                          <em>{t('form.none')}</em>
                        </MenuItem>
                      )}
                      {(p.options ?? []).map((option) => (
                        <MenuItem key={option.value} value={option.value}>
                          {option.color && (
                            <Box
                              component="span"
                              aria-hidden
                              sx={{
                                width: 10,
                                height: 10,
                                borderRadius: '50%',
                                bgcolor: option.color,
                                mr: 1,
                                display: 'inline-block',
                              }}
                            />
                          )}
                          {option.text}
                        </MenuItem>
                      ))}
                    </TextField>
                  );
                case 'INTEGER':
                case 'DECIMAL':
                case 'CURRENCY':
                  return (
                    <TextField
                      key={p.key}
                      {...common}
                      onChange={(event) => set(cleanParameterNumber(p, event.target.value))}
                      slotProps={{
                        htmlInput: {
                          inputMode: p.type === 'INTEGER' ? 'numeric' : 'decimal',
                          style: { textAlign: 'right' },
                        },
                        input:
                          p.type === 'CURRENCY'
                            ? { startAdornment: <InputAdornment position="start">R$</InputAdornment> }
                            : undefined,
                      }}
                    />
                  );
                case 'DATE_TIME':
                  return (
                    <DateInput
                      key={p.key}
                      name={p.key}
                      label={p.name}
                      required={p.required}
                      error={Boolean(error)}
                      helperText={error}
                      fullWidth
                      format={PARAMETER_DATE_FORMAT}
                      value={text}
                      onChange={set}
                      onBlur={common.onBlur}
                    />
                  );
                default:
                  return (
                    <TextField
                      key={p.key}
                      {...common}
                      onChange={(event) => set(event.target.value)}
                      slotProps={{ htmlInput: { maxLength: 4000 } }}
                    />
                  );
              }
            })}
            <Box>
              <Button
                type="submit"
                variant="contained"
                disabled={pending}
                startIcon={
                  pending ? <CircularProgress size={16} color="inherit" aria-label={t('form.running')} /> : undefined
                }
              >
                {t('form.run')}
              </Button>
            </Box>
          </Stack>
        </Box>
      )}
    </Formik>
  );
}
