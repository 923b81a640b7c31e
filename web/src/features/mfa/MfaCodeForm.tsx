import { useMemo, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useFormik } from 'formik';
import { useTranslation } from 'react-i18next';
import { object, string } from 'yup';
import { TextInput } from '../../components/TextInput';

/** Spec sections 5 and 9: the code has exactly six characters. */
export const MFA_CODE_LENGTH = 6;

interface MfaCodeFormProps {
  onSubmit: (code: string) => Promise<void>;
  onCancel: () => void;
  /** Shown above the buttons (the enrolment guide puts it last). */
  label?: ReactNode;
  autoFocus?: boolean;
  disabled?: boolean;
}

/** The six-digit code entry with Cancel and 'send the code' (spinner while sending). */
export function MfaCodeForm({ onSubmit, onCancel, label, autoFocus = true, disabled = false }: MfaCodeFormProps) {
  const { t } = useTranslation();
  const validationSchema = useMemo(
    () =>
      object({
        code: string()
          .required(t('validation.required'))
          .length(MFA_CODE_LENGTH, t('validation.mfaCodeLength', { length: MFA_CODE_LENGTH })),
      }),
    [t],
  );
  const formik = useFormik({
    initialValues: { code: '' },
    validationSchema,
    onSubmit: async ({ code }, helpers) => {
      await onSubmit(code);
      helpers.resetForm();
    },
  });
  const error = formik.touched.code || formik.submitCount > 0 ? formik.errors.code : undefined;

  return (
    <Box component="form" noValidate onSubmit={formik.handleSubmit}>
      <Stack spacing={2.5}>
        <TextInput
          id="mfa-code"
          name="code"
          label={label ?? t('mfa.code')}
          autoFocus={autoFocus}
          autoComplete="one-time-code"
          disabled={disabled}
          value={formik.values.code}
          onChange={(event) =>
            void formik.setFieldValue('code', event.target.value.replace(/\D/g, '').slice(0, MFA_CODE_LENGTH))
          }
          onBlur={formik.handleBlur}
          error={error}
          inputProps={{
            inputMode: 'numeric',
            maxLength: MFA_CODE_LENGTH,
            pattern: '[0-9]*',
            spellCheck: false,
            style: { fontSize: 24, letterSpacing: '0.5em', textAlign: 'center', fontVariantNumeric: 'tabular-nums' },
          }}
        />
        <Box sx={{ display: 'flex', gap: 1.5 }}>
          <Button
            variant="outlined"
            size="large"
            onClick={onCancel}
            disabled={formik.isSubmitting}
            sx={{ flex: 1, py: 1.25 }}
          >
            {t('mfa.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={formik.isSubmitting || disabled}
            startIcon={formik.isSubmitting ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
            sx={{ flex: 2, py: 1.25 }}
          >
            {t('mfa.send')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
