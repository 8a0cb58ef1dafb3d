import type { DocumentActivity } from '@esign/shared';
import { Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../i18n';
import { useUserDates } from '../settings/user-dates';

export function ActivityList({ activities }: { activities: DocumentActivity[] }) {
  const { t } = useTranslation();
  // Part 2: the date and the time 'HH:mm:ss' with the UTC offset, in the user's date format and time zone.
  const dates = useUserDates();
  if (activities.length === 0) return <Text c="dimmed">{t('messages.noActivities')}</Text>;
  return (
    <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {activities.map((activity) => {
        const date = dates.date(activity.createdAt);
        const time = dates.time(activity.createdAt);
        return (
          <Paper key={activity.id} withBorder p="sm" component="li" data-testid="activity">
            <Group justify="space-between" wrap="nowrap" gap="xs" align="start">
              <Stack gap={2} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                <Text fw={700} size="sm">
                  {t(`preview.activity.${activity.type}`)}
                </Text>
                {activity.signers.map((signer) => (
                  <Text key={signer.id} size="sm">
                    {t('common.nameAndEmail', { name: signer.name, email: signer.email })}
                  </Text>
                ))}
                {activity.change ? (
                  <Text size="sm">
                    {t('recipients.changedFrom', {
                      name: activity.change.from.name,
                      email: activity.change.from.email,
                      newName: activity.change.to.name,
                      newEmail: activity.change.to.email,
                    })}
                  </Text>
                ) : null}
                {activity.change?.reason ? (
                  <Text size="sm">{t('recipients.reason', { reason: activity.change.reason })}</Text>
                ) : null}
                {activity.identityCheck ? (
                  <Text size="sm">
                    {t(
                      activity.identityCheck.channel === 'sms'
                        ? 'recipients.identityBySms'
                        : 'recipients.identityByEmail',
                      {
                        to: activity.identityCheck.to,
                      },
                    )}
                  </Text>
                ) : null}
                {activity.hostedBy ? (
                  <Text size="sm">{t('recipients.hostedBy', { name: activity.hostedBy })}</Text>
                ) : null}
                {activity.reason ? (
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    {t('senderLifecycle.reason', { reason: activity.reason })}
                  </Text>
                ) : null}
                {activity.expiresAt ? (
                  <Text size="sm">
                    {activity.expiresAt === 'none'
                      ? t('senderLifecycle.noExpiry')
                      : t('senderLifecycle.newExpiry', { date: activity.expiresAt })}
                  </Text>
                ) : null}
                {activity.sourceIP ? (
                  <Text size="xs" c="dimmed">
                    {t('preview.sourceIp', { ip: activity.sourceIP })}
                  </Text>
                ) : null}
              </Stack>
              <Stack gap={0} align="end" style={{ flexShrink: 0 }}>
                <Text size="sm">{date}</Text>
                <Text size="xs" c="dimmed">
                  {time}
                </Text>
              </Stack>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
