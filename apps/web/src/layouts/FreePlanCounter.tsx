import type { User } from '@esign/shared';
import { Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from '../i18n';

export function isFreeUserWithoutTeam(user: User): boolean {
  return user.plan.type === 'free' && !user.teamId;
}

/** 'X of Y signature requests this month' for free users without a team. */
export function FreePlanCounter({ user }: { user: User }) {
  const { t } = useTranslation();
  if (!isFreeUserWithoutTeam(user)) return null;
  const limit = Math.max(user.freeDocumentsUsedLimit, 1);
  const text = t('nav.freeCounter', { used: user.freeDocumentsUsed, limit: user.freeDocumentsUsedLimit });
  return (
    <Stack gap={6}>
      <Text size="sm">{text}</Text>
      <Progress value={Math.min(100, (user.freeDocumentsUsed / limit) * 100)} size="sm" aria-hidden />
    </Stack>
  );
}
