import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useFormik } from 'formik';
import { useTranslation } from 'react-i18next';
import { object, string } from 'yup';
import { additionalPayload, validateAdditional } from '../additionalFields';
import { additionalFieldsQuery, companiesQuery, saveCompany, type Company } from '../api';
import { AdditionalFieldInputs } from '../components/AdditionalFieldInputs';
import { isValidCNPJ } from '../../../lib/brDocuments';
import { useFieldMessages } from '../components/useFieldMessages';
import { EMAIL_PATTERN, fieldErrors } from '../../../lib/format';
import { useNotify } from '../components/useNotify';

type TextKey = 'name' | 'taxId' | 'address' | 'contact' | 'email' | 'phone';

/** A company's form: name, tax id, address, contact, e-mail, phone and its additional fields. */
export default function CompanyDialog({
  company,
  onClose,
  onSaved,
}: {
  company: Company;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const notify = useNotify();
  const fields = useQuery(additionalFieldsQuery('company'));
  const companies = useQuery(companiesQuery());
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [extraErrors, setExtraErrors] = useState<Record<string, string>>({});
  const definitions = fields.data ?? [];

  const fieldMessages = useFieldMessages();
  const formik = useFormik<Company>({
    initialValues: { ...company, additionalFields: company.additionalFields ?? {} },
    validationSchema: object({
      name: string().trim().required(tc('validation.required')),
      email: string()
        .trim()
        .test('email', tc('validation.invalidEmail'), (value) => !value || EMAIL_PATTERN.test(value)),
      taxId: string()
        .trim()
        .test('cnpj', t('companies.invalidCNPJ'), (value) => !value || isValidCNPJ(value)),
    }),
    validate: (values) => {
      const errors = validateAdditional(definitions, values.additionalFields, fieldMessages);
      setExtraErrors(errors);
      return Object.keys(errors).length > 0 ? { additionalFields: errors as never } : {};
    },
    onSubmit: async (values) => {
      setServerErrors({});
      try {
        await saveCompany({
          ...values,
          name: values.name.trim(),
          additionalFields: additionalPayload(definitions, values.additionalFields),
        });
        notify.success(t('companies.saved'));
        onSaved();
        onClose();
      } catch (error) {
        const byField = fieldErrors(error);
        setServerErrors(byField);
        formik.setErrors(byField);
        notify.failure(error);
      }
    },
  });

  const shown = (name: TextKey) => (formik.touched[name] || formik.submitCount > 0) && formik.errors[name];
  const text = (name: TextKey, extra: object = {}) => ({
    name,
    label: t(`companies.${name}`),
    value: formik.values[name],
    onChange: formik.handleChange,
    onBlur: formik.handleBlur,
    size: 'small' as const,
    error: Boolean(shown(name)),
    helperText: shown(name) || undefined,
    ...extra,
  });

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="company-title">
      <Box component="form" noValidate onSubmit={formik.handleSubmit} sx={{ display: 'contents' }}>
        <DialogTitle id="company-title" sx={{ fontWeight: 700 }}>
          {company.id === 0 ? t('companies.newTitle') : t('companies.editTitle')}
        </DialogTitle>
        <DialogContent dividers>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 8 }}>
              <TextField {...text('name', { required: true, autoFocus: true })} />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <TextField {...text('taxId')} />
            </Grid>
            <Grid size={12}>
              <TextField {...text('address', { multiline: true, minRows: 2 })} />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <TextField {...text('contact')} />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <TextField {...text('email', { type: 'email' })} />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <TextField {...text('phone', { type: 'tel' })} />
            </Grid>
          </Grid>
          {definitions.length > 0 && (
            <>
              <Divider sx={{ my: 2.5 }} />
              <Typography
                variant="overline"
                component="h3"
                color="text.secondary"
                sx={{ fontWeight: 700, display: 'block', mb: 1.5 }}
              >
                {t('users.form.additionalFields')}
              </Typography>
              <AdditionalFieldInputs
                fields={definitions}
                values={formik.values.additionalFields}
                onChange={(next) => void formik.setFieldValue('additionalFields', next)}
                errors={formik.submitCount > 0 ? { ...serverErrors, ...extraErrors } : serverErrors}
                companies={companies.data?.map((c) => ({ id: c.id, name: c.name }))}
              />
            </>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 1.5 }}>
          <Button color="inherit" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={formik.isSubmitting}>
            {t('common.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
