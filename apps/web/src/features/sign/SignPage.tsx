import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n';
import { SIGN_CARDS, type SignCard } from './sign-cards';

/** The sign dashboard: 'Who needs to sign?'. */
export function SignPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" maw={960}>
      <Title order={1}>{t('sign.title')}</Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        {SIGN_CARDS.map((card) => (
          <SignChoice key={card.key} card={card} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function SignChoice({ card }: { card: SignCard }) {
  const { t } = useTranslation();
  const content = (
    <>
      <Title order={2} size="h4" mb={6}>
        {t(card.titleKey)}
      </Title>
      <Text size="sm">{t(card.descriptionKey)}</Text>
    </>
  );
  if (card.to === undefined) {
    return (
      <Card withBorder shadow="xs" radius="md" padding="lg">
        {content}
      </Card>
    );
  }
  return (
    <Card withBorder shadow="xs" radius="md" padding="lg" component={Link} to={card.to}>
      {content}
    </Card>
  );
}
