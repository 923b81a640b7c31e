import type { ReactNode } from 'react';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../api/client';
import { splitDetailedError } from '../../api/errors';
import { afterLoginPath } from '../../app/access';
import { startSession } from '../../app/session';
import { useSettings } from '../../app/settings';
import { usePromiseDialog } from '../../components/usePromiseDialog';
import { FAIL_PASSWORD_EXPIRED } from '../../app/loginResult';
import { acceptTermsOfUse, authenticate } from './api';
import { LoginDialogs } from './LoginDialogs';
import type { TermsDialogProps } from './TermsDialog';

export interface Credentials {
  login: string;
  password: string;
  recaptchaToken?: string | undefined;
}

/**
 * How a sign-in attempt ended. 'passwordChanged' means the expired password
 * was replaced but a new reCAPTCHA is needed before signing in with it.
 */
export type SignInOutcome = { kind: 'signedIn' } | { kind: 'failed' } | { kind: 'passwordChanged'; password: string };

/**
 * The login flow of spec section 4: authenticate; on failure the message (cut
 * at ##DETAILEDERROR##) as an error toast; an expired password (failReason 2)
 * offers a change, then signs in with the new password; when the terms of use
 * are required and not yet agreed, they are shown and must be accepted
 * (declining fails the sign-in); then the session is stored and the user goes
 * on (second factor, or next).
 */
export function useSignIn(): { signIn: (credentials: Credentials) => Promise<SignInOutcome>; dialogs: ReactNode } {
  const { t } = useTranslation();
  const settings = useSettings();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  const [confirmExpired, confirmState] = usePromiseDialog<undefined, boolean>();
  const [changePassword, changeState] = usePromiseDialog<{ login: string; oldPassword: string }, string | null>();
  const [showTerms, termsState] = usePromiseDialog<Omit<TermsDialogProps, 'onClose'>, boolean>();

  const showError = (text: string) => {
    const { message, detail } = splitDetailedError(text);
    if (detail) console.error(detail);
    enqueueSnackbar(message || t('login.failed'), { variant: 'error' });
  };

  const signIn = async ({ login, password, recaptchaToken }: Credentials): Promise<SignInOutcome> => {
    let result;
    try {
      result = await authenticate({
        UserName: login,
        Password: password,
        ...(settings.enableRecaptcha ? { recaptchaToken: recaptchaToken ?? '' } : {}),
        encrypt: false,
      });
    } catch (error) {
      showError(isApiError(error) || error instanceof Error ? error.message : t('error.default'));
      return { kind: 'failed' };
    }

    if (!result.session) {
      if (result.failReason !== FAIL_PASSWORD_EXPIRED) {
        showError(result.message);
        return { kind: 'failed' };
      }
      if (!(await confirmExpired(undefined))) return { kind: 'failed' };
      const newPassword = await changePassword({ login, oldPassword: password });
      if (newPassword === null) return { kind: 'failed' };
      enqueueSnackbar(t('changePassword.success'), { variant: 'success' });
      // A reCAPTCHA token is good for one attempt: the user solves a new one and signs in.
      if (settings.enableRecaptcha) return { kind: 'passwordChanged', password: newPassword };
      return signIn({ login, password: newPassword });
    }

    const session = result.session;
    if (settings.requireTermsOfUse && !result.userAgreedTermsOfUse) {
      const accepted = await showTerms({ token: session.token, userId: session.loggedUser.id });
      if (!accepted) {
        // Recorded by the server, which also ends the session; the answer changes nothing here.
        void acceptTermsOfUse(
          { accept: false, userId: session.loggedUser.id, browserInfo: navigator.userAgent },
          session.token,
        ).catch(() => undefined);
        enqueueSnackbar(t('terms.required'), { variant: 'error' });
        return { kind: 'failed' };
      }
    }

    closeSnackbar(); // earlier failures do not follow the user in
    await startSession(session);
    await navigate(afterLoginPath(session, searchParams.get('next')), { replace: true });
    return { kind: 'signedIn' };
  };

  const dialogs = <LoginDialogs confirmExpired={confirmState} changePassword={changeState} terms={termsState} />;

  return { signIn, dialogs };
}
