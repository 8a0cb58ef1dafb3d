import type { SignInResponse, TwoFactorType } from '@esign/shared';
import { MESSAGES } from '@esign/shared';
import { useNavigate } from 'react-router';
import { isApiError } from '../../api/api-error';
import { notifySuccess } from '../../api/notify';
import { useTranslation } from '../../i18n';

/** What /two-factor needs from the sign-in's answer; kept in the history entry's state, never in storage. */
export interface TwoFactorStep {
  twoFactorToken: string;
  twoFactorType: TwoFactorType;
  phoneHint?: string;
  /** The user has a passkey, which the step also takes. */
  hasPasskey?: boolean;
}

/** The message of a failed passkey sign-in: the server's, or the one vague answer for the browser's refusal. */
export function passkeyFailureMessage(failure: unknown): string {
  return isApiError(failure) ? failure.message : MESSAGES.passkeyInvalid;
}

/**
 * Where a sign-in answer leads (password, passkey or Google): the documents when authorized (a Google sign-in that made the
 * account says so), /two-factor for the second step. Answers 'email_not_confirmed' to the caller, which shows it.
 */
export function useFollowSignInAnswer() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (answer: SignInResponse): 'email_not_confirmed' | undefined => {
    if (answer.type === 'email_not_confirmed') return 'email_not_confirmed';
    if (answer.type === 'two_factor') {
      const { twoFactorToken, twoFactorType, phoneHint, hasPasskey } = answer;
      const state: TwoFactorStep = {
        twoFactorToken,
        twoFactorType,
        ...(phoneHint ? { phoneHint } : {}),
        ...(hasPasskey ? { hasPasskey } : {}),
      };
      navigate('/two-factor', { state });
      return undefined;
    }
    if (answer.isNewUser) notifySuccess(t('messages.accountCreated'));
    navigate('/sign', { replace: true });
    return undefined;
  };
}
