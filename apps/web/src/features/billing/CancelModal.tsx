import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../i18n';

/** Cancel subscription (section 4): the account goes to Free monthly at once. */
export function CancelModal(props: { isLoading: boolean; onConfirm: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={props.onClose} title={t('billing.cancelTitle')} centered>
      <Stack gap="sm">
        <Text>{t('billing.cancelText')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t('billing.keepPlan')}
          </Button>
          <Button color="red" onClick={props.onConfirm} loading={props.isLoading}>
            {t('billing.cancelSubscription')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
