import type { DocumentActivity } from '@esign/shared';
import { Group, Paper, Stack, Text } from '@mantine/core';
import dayjs from 'dayjs';
import { type Translate, useTranslation } from '../../i18n';

/** Part 2: the activity's date 'MMM DD, YYYY' and time 'HH:mm:ss' with the UTC offset. */
export function activityTime(iso: string, t: Translate) {
  const at = dayjs(iso);
  return { date: at.format(t('formats.date')), time: at.format(t('formats.time')) };
}

export function ActivityList({ activities }: { activities: DocumentActivity[] }) {
  const { t } = useTranslation();
  if (activities.length === 0) return <Text c="dimmed">{t('messages.noActivities')}</Text>;
  return (
    <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {activities.map((activity) => {
        const { date, time } = activityTime(activity.createdAt, t);
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
