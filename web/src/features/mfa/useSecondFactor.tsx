import { useState, type ReactElement } from 'react';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../api/client';
import { splitDetailedError } from '../../api/errors';
import { afterLoginPath, loginPath, pendingSecondFactor, safeNextPath } from '../../app/access';
import { FAIL_LOCKED, FAIL_MFA_EXHAUSTED, type LoginResult } from '../../app/loginResult';
import { clearSession, startSession, type StoredSession } from '../../app/session';
import { signOut } from '../../app/signOut';
import { tokenExpired } from '../../app/token';
import { useSession } from '../../app/useSession';
import type { MfaCodeRequest } from './api';

type SecondFactorState =
  | { redirect: ReactElement; session?: undefined }
  | {
      redirect?: undefined;
      session: StoredSession;
      /** Sends the code; resolves once the answer is handled (signed in, or a toast shown). */
      submit: (code: string) => Promise<void>;
      /** Signs out and returns to the login page, keeping next. */
      cancel: () => void;
    };

/**
 * What the second-factor screens share: they need a session that owes the
 * factor of their kind (others are sent where they belong), send the code
 * with the stored login result, store the new session on success and go to
 * next; a failure shows the login-failed notification.
 */
export function useSecondFactor(
  kind: 'enable' | 'validate',
  send: (body: MfaCodeRequest) => Promise<LoginResult>,
): SecondFactorState {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { enqueueSnackbar } = useSnackbar();
  const [openedAt] = useState(() => Date.now());
  const next = safeNextPath(searchParams.get('next'));

  // An expired stored session is removed by the login page.
  if (!session || tokenExpired(session.token, openedAt)) {
    return { redirect: <Navigate to={loginPath(next)} replace /> };
  }
  if (pendingSecondFactor(session) !== kind) {
    return { redirect: <Navigate to={afterLoginPath(session, next)} replace /> };
  }

  const showError = (text: string) => {
    const { message, detail } = splitDetailedError(text);
    if (detail) console.error(detail);
    enqueueSnackbar(message || t('mfa.failed'), { variant: 'error' });
  };

  const backToLogin = async () => {
    clearSession();
    await navigate(loginPath(next), { replace: true });
  };

  const submit = async (code: string) => {
    try {
      const result = await send({ logonresult: session, userCode: code });
      if (result.session) {
        await startSession(result.session);
        await navigate(next, { replace: true });
        return;
      }
      showError(result.message);
      // Ended or locked for minutes: nothing more to try on this sign-in.
      if (result.failReason === FAIL_MFA_EXHAUSTED || result.failReason === FAIL_LOCKED) await backToLogin();
    } catch (error) {
      showError(isApiError(error) || error instanceof Error ? error.message : t('error.default'));
      // The pending sign-in is over (expired or ended): start again.
      if (isApiError(error) && error.status === 401) await backToLogin();
    }
  };

  const cancel = () => {
    void signOut();
    void navigate(loginPath(next), { replace: true });
  };

  return { session, submit, cancel };
}
