import { useTranslation } from 'react-i18next';
import { AuthLayout } from '../../components/AuthLayout';
import { validateMfa } from './api';
import { MfaCodeForm } from './MfaCodeForm';
import { useSecondFactor } from './useSecondFactor';

/** /validateMFA (spec section 2): the code of an enrolled user's authenticator app. */
export default function ValidateMfaPage() {
  const { t } = useTranslation();
  const state = useSecondFactor('validate', validateMfa);
  if (state.redirect) return state.redirect;
  return (
    <AuthLayout title={t('mfa.validate.title')} subtitle={t('mfa.validate.subtitle')}>
      <MfaCodeForm onSubmit={state.submit} onCancel={state.cancel} />
    </AuthLayout>
  );
}
