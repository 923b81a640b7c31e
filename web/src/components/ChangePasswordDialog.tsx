import { useCallback, useEffect, useMemo, useRef } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useFormik, type FormikErrors } from 'formik';
import { useSnackbar, type SnackbarKey } from 'notistack';
import { useTranslation } from 'react-i18next';
import { object, ref as yupRef, string } from 'yup';
import { isApiError } from '../api/client';
import { TextInput } from './TextInput';

interface ChangePasswordValues {
  login: string;
  oldPassword: string;
  newPassword: string;
  passwordConfirm: string;
}

/** Server field names (docs/auth.md) to this form's. */
const SERVER_FIELDS: Record<string, keyof ChangePasswordValues> = {
  login: 'login',
  oldPassword: 'oldPassword',
  newPassword: 'newPassword',
  confirmPassword: 'passwordConfirm',
};

/** What the server calls receive (changePassword ignores login). */
export interface PasswordChange {
  login: string;
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export interface ChangePasswordDialogProps {
  /**
   * Given for the expired-password variant of the login page, which also asks
   * for the login (spec section 2); absent for a signed-in user's change.
   */
  login?: string;
  oldPassword?: string;
  /** Performs the change (POST changeExpiredPassword or changePassword); a rejection is shown. */
  submit: (change: PasswordChange) => Promise<unknown>;
  /** The new password once changed; null when the user cancels. */
  onClose: (newPassword: string | null) => void;
}

/**
 * The change-password dialog ('Alterar a Senha', spec sections 2, 4 and 5):
 * [login,] oldPassword, newPassword and passwordConfirm, all required, the
 * confirmation equal to the new password; the server's field messages land
 * on their fields. Its error toasts persist until the next attempt or until
 * the dialog closes (spec section 8).
 */
export default function ChangePasswordDialog({ login, oldPassword = '', submit, onClose }: ChangePasswordDialogProps) {
  const withLogin = login !== undefined;
  const { t } = useTranslation();
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  const errorToasts = useRef<SnackbarKey[]>([]);

  const dismissErrors = useCallback(() => {
    for (const key of errorToasts.current.splice(0)) closeSnackbar(key);
  }, [closeSnackbar]);
  useEffect(() => dismissErrors, [dismissErrors]);

  const validationSchema = useMemo(
    () =>
      object({
        login: withLogin ? string().trim().required(t('validation.required')) : string(),
        oldPassword: string().required(t('validation.required')),
        newPassword: string().required(t('validation.required')),
        passwordConfirm: string()
          .required(t('validation.required'))
          .oneOf([yupRef('newPassword')], t('validation.passwordsDontMatch')),
      }),
    [t, withLogin],
  );

  const formik = useFormik<ChangePasswordValues>({
    initialValues: { login: login ?? '', oldPassword, newPassword: '', passwordConfirm: '' },
    validationSchema,
    onSubmit: async (values, helpers) => {
      dismissErrors();
      try {
        await submit({
          login: values.login.trim(),
          oldPassword: values.oldPassword,
          newPassword: values.newPassword,
          confirmPassword: values.passwordConfirm,
        });
        onClose(values.newPassword);
      } catch (error) {
        const message = isApiError(error) || error instanceof Error ? error.message : t('error.default');
        errorToasts.current.push(enqueueSnackbar(message, { variant: 'error', persist: true }));
        const fieldErrors = serverFieldErrors(error);
        if (fieldErrors) helpers.setErrors(fieldErrors);
      }
    },
  });

  const fieldError = (name: keyof ChangePasswordValues) =>
    formik.touched[name] || formik.submitCount > 0 ? formik.errors[name] : undefined;
  const field = (name: keyof ChangePasswordValues) => ({
    id: `change-password-${name}`,
    name,
    value: formik.values[name],
    onChange: formik.handleChange,
    onBlur: formik.handleBlur,
    error: fieldError(name),
  });

  return (
    <Dialog
      open
      onClose={() => !formik.isSubmitting && onClose(null)}
      aria-labelledby="change-password-title"
      maxWidth="xs"
      fullWidth
    >
      <form noValidate onSubmit={formik.handleSubmit}>
        <DialogTitle id="change-password-title" sx={{ fontWeight: 700 }}>
          {t('changePassword.title')}
        </DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2.5 }}>
            {t(withLogin ? 'changePassword.expiredDescription' : 'changePassword.description')}
          </DialogContentText>
          <Stack spacing={2} sx={{ pt: 0.5 }}>
            {withLogin && (
              <TextInput
                {...field('login')}
                label={t('changePassword.login')}
                autoComplete="username"
                inputProps={{ autoCapitalize: 'none', spellCheck: false }}
              />
            )}
            <TextInput
              {...field('oldPassword')}
              label={t('changePassword.oldPassword')}
              type="password"
              autoComplete="current-password"
              autoFocus={!oldPassword}
            />
            <TextInput
              {...field('newPassword')}
              label={t('changePassword.newPassword')}
              type="password"
              autoComplete="new-password"
              autoFocus={Boolean(oldPassword)}
            />
            <TextInput
              {...field('passwordConfirm')}
              label={t('changePassword.passwordConfirm')}
              type="password"
              autoComplete="new-password"
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button color="inherit" onClick={() => onClose(null)} disabled={formik.isSubmitting}>
            {t('changePassword.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={formik.isSubmitting}
            startIcon={formik.isSubmitting ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
          >
            {t('changePassword.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** The per-field messages of a 400 answer ({Validations: [{Field, Message}]}), keyed by this form's fields. */
function serverFieldErrors(error: unknown): FormikErrors<ChangePasswordValues> | undefined {
  if (!isApiError(error) || typeof error.body !== 'object' || error.body === null) return undefined;
  const list = (error.body as { Validations?: unknown }).Validations;
  if (!Array.isArray(list)) return undefined;
  const errors: FormikErrors<ChangePasswordValues> = {};
  for (const item of list as { Field?: unknown; Message?: unknown }[]) {
    const name = typeof item.Field === 'string' ? SERVER_FIELDS[item.Field] : undefined;
    if (name && typeof item.Message === 'string') errors[name] = item.Message;
  }
  return Object.keys(errors).length ? errors : undefined;
}
