import { Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../i18n';
import { useFollowSignInAnswer } from './sign-in-answer';
import { useCompleteSsoSignIn } from './sso-api';

/**
 * /sso#code=...: where the server sends the browser after the identity provider's answer. The one-time code is taken
 * out of the address at once and exchanged for the session (or the second step); any failure goes back to /login
 * with the vague message.
 */
export function SsoFinishPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const followAnswer = useFollowSignInAnswer();
  const complete = useCompleteSsoSignIn();
  const isStarted = useRef(false);

  useEffect(() => {
    if (isStarted.current) return;
    isStarted.current = true;
    const code = new URLSearchParams(window.location.hash.slice(1)).get('code');
    window.history.replaceState(window.history.state, '', window.location.pathname);
    if (!code) {
      navigate('/login?sso=failed', { replace: true });
      return;
    }
    complete.mutateAsync(code).then(
      (answer) => followAnswer(answer),
      () => navigate('/login?sso=failed', { replace: true }),
    );
  }, [complete, followAnswer, navigate]);

  return (
    <Stack gap="md" align="center">
      <Title order={1} size="h2">
        {t('sso.title')}
      </Title>
      <Loader aria-hidden />
      <Text role="status">{t('sso.finishing')}</Text>
    </Stack>
  );
}
