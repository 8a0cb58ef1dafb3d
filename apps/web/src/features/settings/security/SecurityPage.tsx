import { Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../i18n';
import { useCurrentUser } from '../../auth/api';
import { AuthenticatorSection } from './AuthenticatorSection';
import { PasskeysSection } from './PasskeysSection';
import { SmsSection } from './SmsSection';

/** /settings/security: the two second factors of part 2 section 4 (SMS and Google Authenticator), and passkeys. */
export function SecurityPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  return (
    <Stack gap="lg" maw={720}>
      <div>
        <Title order={2}>{t('security.title')}</Title>
        <Text size="sm" c="dimmed">
          {t('security.intro')}
        </Text>
      </div>
      {user.data === undefined ? (
        <Loader aria-label={t('common.loading')} />
      ) : (
        <>
          <SmsSection user={user.data} />
          <AuthenticatorSection user={user.data} />
          <PasskeysSection />
        </>
      )}
    </Stack>
  );
}
