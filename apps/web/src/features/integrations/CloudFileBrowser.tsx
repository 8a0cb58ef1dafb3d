import {
  GOOGLE_EXPORTS,
  INTEGRATION_TITLES,
  type IntegrationFile,
  type IntegrationState,
  type IntegrationType,
} from '@esign/shared';
import { Anchor, Breadcrumbs, Button, Center, Loader, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../api/api-error';
import { notifyError } from '../../api/notify';
import { queryKeys } from '../../api/query-keys';
import { useTranslation } from '../../i18n';
import { translateMessage } from '../../i18n/translate-message';
import { useIntegrationFiles } from './api';
import { announceResult, authorizeInPopup } from './popup';

interface Folder {
  id: string | null;
  name: string;
}

/** The name a file gets as a part: a Google document's with the office extension it is exported as. */
export function importedName(file: IntegrationFile): string {
  const exported = file.mimeType ? GOOGLE_EXPORTS[file.mimeType] : undefined;
  if (!exported || file.name.toLowerCase().endsWith(`.${exported.extension}`)) return file.name;
  return `${file.name}.${exported.extension}`;
}

/**
 * Our own file browser over a connected service's list API: folders open, a file is chosen (one at a time, as the
 * Box picker allows). A service not activated yet (or whose connection was lost) is activated from here.
 */
export function CloudFileBrowser(props: {
  state: IntegrationState;
  onClose: () => void;
  onPick: (file: IntegrationFile) => void;
}) {
  const { t } = useTranslation();
  const { state, onClose } = props;
  const service = INTEGRATION_TITLES[state.type];
  return (
    <Modal opened onClose={onClose} title={t('integrations.browserTitle', { service })} size="lg">
      {state.isConnected ? (
        <FolderBrowser type={state.type} onPick={props.onPick} />
      ) : (
        <ActivateHere type={state.type} isRevoked={state.isRevoked} />
      )}
    </Modal>
  );
}

function ActivateHere({ type, isRevoked }: { type: IntegrationType; isRevoked: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [isWaiting, setIsWaiting] = useState(false);
  const service = INTEGRATION_TITLES[type];
  const onActivate = async () => {
    setIsWaiting(true);
    try {
      const result = await authorizeInPopup(type);
      if (result) announceResult(result);
    } catch (error) {
      notifyError(error);
    } finally {
      setIsWaiting(false);
      void queryClient.invalidateQueries({ queryKey: queryKeys.integrations.all() });
    }
  };
  return (
    <Stack gap="sm" align="flex-start">
      <Text>{isRevoked ? t('integrations.revoked') : t('integrations.notConnected', { service })}</Text>
      <Button loading={isWaiting} onClick={() => void onActivate()}>
        {t('integrations.activateHere', { service })}
      </Button>
    </Stack>
  );
}

function FolderBrowser({ type, onPick }: { type: IntegrationType; onPick: (file: IntegrationFile) => void }) {
  const { t } = useTranslation();
  const [path, setPath] = useState<Folder[]>([{ id: null, name: t('integrations.root') }]);
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const folder = path[path.length - 1] ?? { id: null, name: '' };

  const openFolder = (next: Folder[]) => {
    setPath(next);
    setCursors([null]);
  };

  return (
    <Stack gap="sm">
      <Breadcrumbs separator="›">
        {path.map((step, index) =>
          index === path.length - 1 ? (
            <Text key={step.id ?? 'root'} fw={600} size="sm">
              {step.name}
            </Text>
          ) : (
            <Anchor
              key={step.id ?? 'root'}
              component="button"
              size="sm"
              onClick={() => openFolder(path.slice(0, index + 1))}
            >
              {step.name}
            </Anchor>
          ),
        )}
      </Breadcrumbs>
      <Stack
        gap={2}
        component="ul"
        aria-label={t('integrations.folderContents')}
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
      >
        {cursors.map((cursor, index) => (
          <FolderPage
            key={cursor ?? 'first'}
            type={type}
            folderId={folder.id}
            cursor={cursor}
            isLast={index === cursors.length - 1}
            onMore={(next) => setCursors((list) => [...list, next])}
            onOpen={(entry) => openFolder([...path, { id: entry.id, name: entry.name }])}
            onPick={onPick}
          />
        ))}
      </Stack>
    </Stack>
  );
}

function FolderPage(props: {
  type: IntegrationType;
  folderId: string | null;
  cursor: string | null;
  isLast: boolean;
  onMore: (cursor: string) => void;
  onOpen: (folder: IntegrationFile) => void;
  onPick: (file: IntegrationFile) => void;
}) {
  const { t } = useTranslation();
  const files = useIntegrationFiles(props.type, props.folderId, props.cursor);
  if (files.isLoading) {
    return (
      <Center component="li" py="md">
        <Loader size="sm" role="status" aria-label={t('integrations.loading')} />
      </Center>
    );
  }
  if (files.error) {
    const message = isApiError(files.error) ? files.error.message : t('messages.somethingWentWrong');
    return (
      <Text component="li" c="red.8" role="alert">
        {translateMessage(message, t)}
      </Text>
    );
  }
  const entries = files.data?.entries ?? [];
  return (
    <>
      {entries.length === 0 && props.cursor === null ? (
        <Text component="li" c="dimmed">
          {t('integrations.emptyFolder')}
        </Text>
      ) : null}
      {entries.map((entry) => (
        <li key={entry.id}>
          <UnstyledButton
            w="100%"
            p="xs"
            style={{ borderRadius: 4 }}
            aria-label={
              entry.isFolder
                ? t('integrations.openFolder', { name: entry.name })
                : t('integrations.chooseFile', { name: importedName(entry) })
            }
            onClick={() =>
              entry.isFolder ? props.onOpen(entry) : props.onPick({ ...entry, name: importedName(entry) })
            }
          >
            <Text size="sm" fw={entry.isFolder ? 600 : 400}>
              {entry.isFolder ? `📁 ${entry.name}` : importedName(entry)}
            </Text>
            {entry.size !== null && !entry.isFolder ? (
              <Text size="xs" c="dimmed">
                {formatSize(entry.size)}
              </Text>
            ) : null}
          </UnstyledButton>
        </li>
      ))}
      {props.isLast && files.data?.nextCursor ? (
        <li>
          <Button variant="subtle" onClick={() => props.onMore(files.data?.nextCursor ?? '')}>
            {t('integrations.loadMore')}
          </Button>
        </li>
      ) : null}
    </>
  );
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
