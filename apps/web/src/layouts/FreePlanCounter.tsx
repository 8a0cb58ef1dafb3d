import type { User } from '@esign/shared';
import { Button, Progress, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../i18n';

export function isFreeUserWithoutTeam(user: User): boolean {
  return user.plan.type === 'free' && !user.teamId;
}

/**
 * 'X of Y signature requests this month' with Upgrade, for free users without a team. `freeDocumentsUsed` is this
 * month's count (0 once the month has turned in the user's zone: the rule the send check reads, packages/shared
 * billing.ts).
 */
export function FreePlanCounter({ user }: { user: User }) {
  const { t } = useTranslation();
  if (!isFreeUserWithoutTeam(user)) return null;
  const limit = Math.max(user.freeDocumentsUsedLimit, 1);
  const text = t('nav.freeCounter', { used: user.freeDocumentsUsed, limit: user.freeDocumentsUsedLimit });
  return (
    <Stack gap={6}>
      <Text size="sm">{text}</Text>
      <Progress value={Math.min(100, (user.freeDocumentsUsed / limit) * 100)} size="sm" aria-hidden />
      <Button component={Link} to="/settings/billing/plan" size="xs" variant="light">
        {t('billing.upgrade')}
      </Button>
    </Stack>
  );
}
