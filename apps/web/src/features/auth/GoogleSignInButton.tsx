import { MESSAGES } from '@esign/shared';
import { Alert, Box } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { isApiError } from '../../api/api-error';
import { useAppConfig } from '../../app/app-config';
import { useTranslateMessage } from '../../i18n/use-translate-message';
import { useGoogleSignIn } from './api';
import { useFollowSignInAnswer } from './sign-in-answer';

const GSI_SCRIPT = 'https://accounts.google.com/gsi/client';

interface GoogleAccounts {
  id: {
    initialize(options: { client_id: string; callback: (response: { credential: string }) => void }): void;
    renderButton(parent: HTMLElement, options: Record<string, string | number>): void;
  };
}
declare global {
  interface Window {
    google?: { accounts: GoogleAccounts };
  }
}

let scriptLoad: Promise<void> | undefined;
/** Google Identity Services' script, loaded once and only when Google sign-in is configured. */
function loadGoogleScript(): Promise<void> {
  scriptLoad ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GSI_SCRIPT;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      scriptLoad = undefined;
      reject(new Error('Google sign-in could not load'));
    };
    document.head.append(script);
  });
  return scriptLoad;
}

/** Google's own sign-in button, shown only when the server has GOOGLE_CLIENT_ID (GET config). */
export function GoogleSignInButton() {
  const translateMessage = useTranslateMessage();
  const config = useAppConfig();
  const clientId = config.data?.googleClientId ?? null;
  const container = useRef<HTMLDivElement>(null);
  const googleSignIn = useGoogleSignIn();
  const followAnswer = useFollowSignInAnswer();
  const [error, setError] = useState<string | null>(null);
  // The callback Google calls is registered once; it reads the latest handlers through this ref.
  const onCredential = useRef<(token: string) => void>(() => {});
  onCredential.current = (token) => {
    setError(null);
    googleSignIn.mutate(token, {
      onSuccess: (answer) => {
        if (followAnswer(answer) === 'email_not_confirmed') setError(translateMessage(MESSAGES.somethingWentWrong));
      },
      onError: (failure) =>
        setError(translateMessage(isApiError(failure) ? failure.message : MESSAGES.somethingWentWrong)),
    });
  };

  useEffect(() => {
    if (!clientId) return;
    let isCurrent = true;
    loadGoogleScript()
      .then(() => {
        const parent = container.current;
        if (!isCurrent || !parent || !window.google) return;
        window.google.accounts.id.initialize({
          client_id: clientId,
          callback: (response) => onCredential.current(response.credential),
        });
        window.google.accounts.id.renderButton(parent, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          width: 320,
        });
      })
      .catch(() => {
        // Google cannot be reached (offline): the button stays hidden; e-mail sign-in works as before.
      });
    return () => {
      isCurrent = false;
    };
  }, [clientId]);

  if (!clientId) return null;
  return (
    <>
      {error !== null && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
      <Box ref={container} mih={44} style={{ display: 'flex', justifyContent: 'center' }} />
    </>
  );
}
