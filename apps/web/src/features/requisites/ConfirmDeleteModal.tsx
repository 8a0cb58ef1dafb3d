import type { RequisiteType } from '@esign/shared';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from '../../i18n';

/** 'Are you sure you want to delete this signature?' (or initial, or stamp), with Delete. */
export function ConfirmDeleteModal({
  type,
  opened,
  isPending,
  onCancel,
  onConfirm,
}: {
  type: RequisiteType;
  opened: boolean;
  isPending: boolean;
  onCancel(): void;
  onConfirm(): void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={
        type === 'stamp'
          ? t('requisites.deleteStampTitle')
          : type === 'sign'
            ? t('requisites.deleteSignatureTitle')
            : t('requisites.deleteInitialTitle')
      }
      centered
      closeButtonProps={{ 'aria-label': t('requisites.close') }}
      size="sm"
    >
      <Text mb="lg">
        {type === 'stamp'
          ? t('requisites.deleteStampConfirm')
          : type === 'sign'
            ? t('messages.deleteSignatureConfirm')
            : t('messages.deleteInitialConfirm')}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('requisites.cancel')}
        </Button>
        <Button color="red" onClick={onConfirm} loading={isPending}>
          {t('requisites.delete')}
        </Button>
      </Group>
    </Modal>
  );
}
