import type { Requisite } from '@esign/shared';
import { Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { notifySuccess } from '../../api/notify';
import { useTranslation } from '../../i18n';
import { pairRequisites, type RequisitePair, useDeleteRequisite, useRequisites } from './api';
import { ConfirmDeleteModal } from './ConfirmDeleteModal';
import { useRequisiteOwnerName } from './owner-name';
import { RequisiteImage } from './RequisiteImage';
import { requisiteAlt } from './SignatureChooser';
import { SignatureModal } from './SignatureModal';
import { StampList } from './Stamps';

/** /settings/edit-signature: the user's saved signatures with Create Signature, Edit and Delete; and their stamps. */
export function EditSignaturePage() {
  const { t } = useTranslation();
  const ownerName = useRequisiteOwnerName();
  const requisites = useRequisites();
  const pairs = pairRequisites(requisites.data ?? []);
  const [editing, setEditing] = useState<RequisitePair | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Requisite | null>(null);
  const remove = useDeleteRequisite();

  const onDelete = async () => {
    if (deleting === null) return;
    await remove.mutateAsync(deleting.id);
    notifySuccess(t('requisites.deleted'));
    setDeleting(null);
  };

  return (
    <Stack gap="lg" maw={960}>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>{t('requisites.pageTitle')}</Title>
          <Text size="sm" c="dimmed">
            {t('requisites.pageIntro')}
          </Text>
        </div>
        <Button onClick={() => setEditing('new')}>{t('requisites.createSignature')}</Button>
      </Group>

      {requisites.isPending && <Loader size="sm" />}
      {requisites.isSuccess && pairs.length === 0 && <Text>{t('requisites.empty')}</Text>}
      <Stack gap="sm" role="list" aria-label={t('requisites.savedItems')}>
        {pairs.map((pair) => (
          <Card key={pair.sign.id} withBorder radius="md" padding="md" role="listitem">
            <Group justify="space-between" wrap="wrap" gap="md">
              <SimpleGrid cols={{ base: 1, xs: 2 }} style={{ flex: 1, minWidth: 220 }}>
                <div>
                  <Text size="xs" c="dimmed">
                    {t('requisites.signature')}
                  </Text>
                  <RequisiteImage requisite={pair.sign} alt={requisiteAlt(pair.sign, t)} height={64} />
                </div>
                <div>
                  <Text size="xs" c="dimmed">
                    {t('requisites.initials')}
                  </Text>
                  <RequisiteImage requisite={pair.initial} alt={requisiteAlt(pair.initial, t)} height={64} />
                </div>
              </SimpleGrid>
              <Group gap="xs">
                <Button variant="light" onClick={() => setEditing(pair)}>
                  {t('requisites.edit')}
                </Button>
                <Button variant="light" color="red" onClick={() => setDeleting(pair.sign)}>
                  {t('requisites.delete')}
                </Button>
              </Group>
            </Group>
          </Card>
        ))}
      </Stack>

      <Stack gap="xs" mt="lg">
        <Title order={3}>{t('requisites.stamps')}</Title>
        <Text size="sm" c="dimmed">
          {t('requisites.stampsIntro')}
        </Text>
        <StampList />
      </Stack>

      <SignatureModal
        opened={editing !== null}
        pair={editing === 'new' ? null : editing}
        defaultName={ownerName}
        onClose={() => setEditing(null)}
      />
      <ConfirmDeleteModal
        opened={deleting !== null}
        type="sign"
        isPending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void onDelete()}
      />
    </Stack>
  );
}
