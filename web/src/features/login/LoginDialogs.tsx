import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import type { PromiseDialogState } from '../../components/usePromiseDialog';
import { changeExpiredPassword } from './api';
import type { TermsDialogProps } from './TermsDialog';

// The dialogs load only when a sign-in needs them: the login route stays small.
const ConfirmDialog = lazy(() => import('../../components/ConfirmDialog'));
const ChangePasswordDialog = lazy(() => import('../../components/ChangePasswordDialog'));
const TermsDialog = lazy(() => import('./TermsDialog'));

interface LoginDialogsProps {
  confirmExpired: PromiseDialogState<undefined, boolean> | null;
  changePassword: PromiseDialogState<{ login: string; oldPassword: string }, string | null> | null;
  terms: PromiseDialogState<Omit<TermsDialogProps, 'onClose'>, boolean> | null;
}

/** The dialogs of the login flow (spec section 2, 'Login dialogs'), each shown while its state is set. */
export function LoginDialogs({ confirmExpired, changePassword, terms }: LoginDialogsProps) {
  const { t } = useTranslation();
  return (
    <Suspense fallback={null}>
      {confirmExpired && (
        <ConfirmDialog
          title={t('expiredPassword.title')}
          message={t('expiredPassword.message')}
          confirmText={t('expiredPassword.change')}
          cancelText={t('expiredPassword.notNow')}
          onClose={confirmExpired.close}
        />
      )}
      {changePassword && (
        <ChangePasswordDialog {...changePassword.props} submit={changeExpiredPassword} onClose={changePassword.close} />
      )}
      {terms && <TermsDialog {...terms.props} onClose={terms.close} />}
    </Suspense>
  );
}
