import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useFormik } from 'formik';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { object, ref, string } from 'yup';
import { api, isApiError } from '../../api/client';
import { AuthLayout } from '../../components/AuthLayout';
import { TextInput } from '../../components/TextInput';
import { FormFooter } from './FormFooter';
import { fieldErrors } from '../../lib/format';

/** POST /api/users/resetPasswordByLink: sets the password with the mailed link's token, once. */
function resetPasswordByLink(body: { token: string; newPassword: string; confirmPassword: string }) {
  return api.post<{ Message?: string }>('/users/resetPasswordByLink', body, { redirectOnUnauthorized: false });
}

/**
 * /reset-password?token=… (the link of the reset mail): a new password and its confirmation, under the
 * server's password policy; then the user signs in on /. A used or expired link says so and offers a new one.
 */
export function NewPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [linkError, setLinkError] = useState('');

  const validationSchema = useMemo(
    () =>
      object({
        newPassword: string().required(t('validation.required')),
        confirmPassword: string()
          .required(t('validation.required'))
          .oneOf([ref('newPassword')], t('validation.passwordsDontMatch')),
      }),
    [t],
  );
  const formik = useFormik({
    initialValues: { newPassword: '', confirmPassword: '' },
    validationSchema,
    onSubmit: async (values, helpers) => {
      try {
        const answer = await resetPasswordByLink({ token, ...values });
        enqueueSnackbar(answer.Message || t('changePassword.success'), { variant: 'success' });
        void navigate('/', { replace: true });
      } catch (error) {
        const { token: tokenError, ...byField } = fieldErrors(error);
        if (tokenError) {
          setLinkError(tokenError);
          return;
        }
        helpers.setErrors(byField);
        if (Object.keys(byField).length === 0) {
          enqueueSnackbar(isApiError(error) || error instanceof Error ? error.message : t('error.default'), {
            variant: 'error',
          });
        }
      }
    },
  });
  const fieldError = (name: 'newPassword' | 'confirmPassword') =>
    formik.touched[name] || formik.submitCount > 0 ? formik.errors[name] : undefined;

  if (linkError) {
    return (
      <AuthLayout title={t('resetPassword.newTitle')}>
        <Stack spacing={2.5}>
          <Typography role="alert" color="error">
            {linkError}
          </Typography>
          <Button
            component={RouterLink}
            to="/reset-password"
            variant="contained"
            size="large"
            fullWidth
            sx={{ py: 1.25, fontSize: 15 }}
          >
            {t('resetPassword.askAgain')}
          </Button>
        </Stack>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={t('resetPassword.newTitle')} subtitle={t('resetPassword.newSubtitle')}>
      <Box component="form" noValidate onSubmit={formik.handleSubmit}>
        <Stack spacing={2.5}>
          <TextInput
            id="reset-new-password"
            name="newPassword"
            type="password"
            label={t('changePassword.newPassword')}
            autoComplete="new-password"
            autoFocus
            value={formik.values.newPassword}
            onChange={formik.handleChange}
            onBlur={formik.handleBlur}
            error={fieldError('newPassword')}
          />
          <TextInput
            id="reset-confirm-password"
            name="confirmPassword"
            type="password"
            label={t('changePassword.passwordConfirm')}
            autoComplete="new-password"
            value={formik.values.confirmPassword}
            onChange={formik.handleChange}
            onBlur={formik.handleBlur}
            error={fieldError('confirmPassword')}
          />
          <FormFooter label={t('resetPassword.save')} disabled={formik.isSubmitting} sending={formik.isSubmitting} />
        </Stack>
      </Box>
    </AuthLayout>
  );
}
