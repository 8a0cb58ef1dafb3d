import { DROPBOX_MAX_FILE_BYTES, INTEGRATION_TITLES, type IntegrationType } from '@esign/shared';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from '../../i18n';
import type { ImportPick } from '../upload/api';
import { useIntegrations } from './api';
import { CloudFileBrowser } from './CloudFileBrowser';

/**
 * The upload step's 'Import files from': a button per configured service, each opening our file browser over the
 * service's list API (the services' own picker scripts are not loaded). A chosen file goes to `onPick`, and into the
 * upload queue like a file of this computer. Hidden while the server has no service configured.
 */
export function ImportFrom({ onPick }: { onPick: (pick: ImportPick) => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const integrations = useIntegrations();
  const [openType, setOpenType] = useState<IntegrationType | null>(null);
  const services = integrations.data ?? [];
  if (!services.some((service) => service.isConfigured)) return null;
  const open = services.find((service) => service.type === openType) ?? null;

  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId}>
      <Text fw={600} id={titleId}>
        {t('integrations.importFrom')}
      </Text>
      <Group gap="xs">
        {services.map((service) => (
          <Button
            key={service.type}
            variant="default"
            disabled={!service.isConfigured}
            title={service.disabledReason ?? undefined}
            aria-label={t('integrations.importFromService', { service: INTEGRATION_TITLES[service.type] })}
            onClick={() => setOpenType(service.type)}
          >
            {INTEGRATION_TITLES[service.type]}
          </Button>
        ))}
      </Group>
      {open ? (
        <CloudFileBrowser
          state={open}
          onClose={() => setOpenType(null)}
          onPick={(file) => {
            setOpenType(null);
            onPick({
              type: open.type,
              fileId: file.id,
              name: file.name,
              size: file.size ?? 0,
              ...(open.type === 'dropbox' ? { maxBytes: DROPBOX_MAX_FILE_BYTES } : {}),
            });
          }}
        />
      ) : null}
    </Stack>
  );
}
