import { Button, Group, Modal, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n';
import { translateMessage } from '../../i18n/translate-message';

/**
 * The upgrade modal (section 8) of a plan's limit: the signature requests of the month on send, the templates on
 * create, duplicate or remove from API. `text` is the spec's sentence; closed while null.
 */
export function UpgradeModal({ text, onClose }: { text: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={text !== null} onClose={onClose} title={t('editor.upgradeTitle')}>
      <Text>{text === null ? null : translateMessage(text, t)}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          {t('editor.cancel')}
        </Button>
        <Button component={Link} to="/settings/billing/plan">
          {t('editor.upgrade')}
        </Button>
      </Group>
    </Modal>
  );
}
