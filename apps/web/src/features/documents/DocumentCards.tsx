import type { DocumentListItem } from '@esign/shared';
import { Anchor, Card, Group, Stack, Text } from '@mantine/core';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n';
import { useUserDates } from '../settings/user-dates';
import { StatusBadge } from './DocumentsTable';
import type { ListKind } from './list-view';
import { SignersSummary } from './SignersSummary';

/** The list under 768 px: one card per document. */
export function DocumentCards({
  items,
  kind,
  RowActions,
}: {
  items: DocumentListItem[];
  kind: ListKind;
  RowActions: ComponentType<{ item: DocumentListItem }>;
}) {
  const { t } = useTranslation();
  const dates = useUserDates();
  return (
    <Stack gap="sm">
      {items.map((item) => {
        const title = item.title || t('documents.untitled');
        return (
          <Card key={item.id} withBorder padding="sm" data-testid="document-row">
            <Group justify="space-between" wrap="nowrap" align="start">
              <Stack gap={4} style={{ minWidth: 0 }}>
                {item.status === 'preparing' ? (
                  <Text fw={600}>{title}</Text>
                ) : (
                  <Anchor component={Link} to={kind.itemLink(item)} fw={600} style={{ wordBreak: 'break-word' }}>
                    {title}
                  </Anchor>
                )}
                <Text size="xs" c="dimmed">
                  {dates.date(item.createdAt)}
                </Text>
                <SignersSummary item={item} />
              </Stack>
              <Stack gap={6} align="end" style={{ flexShrink: 0 }}>
                <StatusBadge status={item.status} />
                {item.status === 'preparing' ? null : <RowActions item={item} />}
              </Stack>
            </Group>
          </Card>
        );
      })}
    </Stack>
  );
}
