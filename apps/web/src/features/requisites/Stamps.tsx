import type { Requisite } from '@esign/shared';
import { Button, Card, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { notifySuccess } from '../../api/notify';
import { useTranslation } from '../../i18n';
import { useDeleteRequisite, useRequisites, useSaveRequisites } from './api';
import { ConfirmDeleteModal } from './ConfirmDeleteModal';
import type { ImageValue } from './image-value';
import { RequisiteImage } from './RequisiteImage';
import { UploadPick } from './UploadPick';

/**
 * The caller's saved company stamps (issue 37: requisites of type `stamp`, each an uploaded image saved alone), each
 * with Delete (and Use this stamp when `onUse` is given), and an upload to save a new one. Shown on Edit Signature
 * and in the stamp chooser of the signer page and the editor.
 */
export function StampList({ onUse }: { onUse?: (stamp: Requisite) => void }) {
  const { t } = useTranslation();
  const requisites = useRequisites();
  const stamps = (requisites.data ?? []).filter((item) => item.type === 'stamp');
  const save = useSaveRequisites();
  const remove = useDeleteRequisite();
  const [image, setImage] = useState<ImageValue | null>(null);
  const [deleting, setDeleting] = useState<Requisite | null>(null);

  const onSave = async () => {
    if (image?.kind !== 'new') return;
    const [saved] = await save.mutateAsync({
      requisites: [{ type: 'stamp', valueType: 'upload', image: image.dataUrl }],
      consent: undefined,
    });
    setImage(null);
    if (saved && onUse) onUse(saved);
  };

  return (
    <Stack gap="sm">
      {requisites.isPending && <Loader size="sm" />}
      {requisites.isSuccess && stamps.length === 0 && <Text size="sm">{t('requisites.noStamps')}</Text>}
      {stamps.length > 0 && (
        <Stack gap="xs" role="list" aria-label={t('requisites.stamps')}>
          {stamps.map((stamp) => (
            <Card key={stamp.id} withBorder radius="sm" padding="xs" role="listitem">
              <Group wrap="nowrap" gap="xs">
                <div style={{ flex: 1, minWidth: 0 }}>
                  <RequisiteImage requisite={stamp} alt={t('requisites.stampImage')} height={72} />
                </div>
                {onUse && (
                  <Button size="xs" onClick={() => onUse(stamp)}>
                    {t('requisites.useStamp')}
                  </Button>
                )}
                <Button size="xs" variant="light" color="red" onClick={() => setDeleting(stamp)}>
                  {t('requisites.delete')}
                </Button>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
      <UploadPick label={t('requisites.stampImage')} value={image} onChange={setImage} />
      <Group justify="flex-end">
        <Button onClick={() => void onSave()} disabled={image === null} loading={save.isPending}>
          {t('requisites.saveStamp')}
        </Button>
      </Group>
      <ConfirmDeleteModal
        opened={deleting !== null}
        type="stamp"
        isPending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          void remove.mutateAsync(deleting.id).then(() => {
            notifySuccess(t('requisites.deleted'));
            setDeleting(null);
          });
        }}
      />
    </Stack>
  );
}

/** Chooses a saved stamp for a stamp field, or uploads a new one (used at once). */
export function StampChooser({
  opened,
  onClose,
  onChosen,
}: {
  opened: boolean;
  onClose(): void;
  onChosen(requisite: Requisite): void;
}) {
  const { t } = useTranslation();
  const isMobile = useMediaQuery('(max-width: 768px)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('requisites.chooseStamp')}
      size="lg"
      fullScreen={isMobile}
      centered
      closeButtonProps={{ 'aria-label': t('requisites.close') }}
    >
      <StampList
        onUse={(stamp) => {
          onChosen(stamp);
          onClose();
        }}
      />
    </Modal>
  );
}
