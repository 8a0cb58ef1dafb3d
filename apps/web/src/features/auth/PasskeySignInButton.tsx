import { Button } from '@mantine/core';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useTranslation } from '../../i18n';
import { usePasskeySignIn } from './api';
import { passkeyFailureMessage, useFollowSignInAnswer } from './sign-in-answer';

/** 'Sign in with a passkey' on the log-in page (a discoverable passkey: no e-mail needed); none without WebAuthn. */
export function PasskeySignInButton({ onError }: { onError: (message: string | null) => void }) {
  const { t } = useTranslation();
  const followAnswer = useFollowSignInAnswer();
  const signIn = usePasskeySignIn();
  if (!browserSupportsWebAuthn()) return null;

  const onClick = async () => {
    onError(null);
    try {
      followAnswer(await signIn.mutateAsync(undefined));
    } catch (failure) {
      onError(passkeyFailureMessage(failure));
    }
  };

  return (
    <Button variant="default" onClick={onClick} loading={signIn.isPending}>
      {t('login.passkey')}
    </Button>
  );
}
