import { Button, Group, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { useRef } from 'react';
import { useTranslation } from '../../i18n';
import { UploadIcon } from '../upload/icons';
import { BUTTON_OPENED_DROPZONE } from '../upload/UploadDropzone';

/** The picker offers CSV files; a file dropped anyway is still handed on, and the page says why it is refused. */
const ACCEPT = { 'text/csv': ['.csv'] };

/** 'Drop a CSV file here / Or / Choose CSV file': the first file dropped or picked goes to `onFile`. */
export function CsvDropzone({ onFile, isCompact }: { onFile: (file: File) => void; isCompact: boolean }) {
  const { t } = useTranslation();
  const openRef = useRef<() => void>(null);
  return (
    <Dropzone
      onDrop={() => {}}
      onDropAny={(files, rejections) => {
        const file = files[0] ?? rejections[0]?.file;
        if (file) onFile(file);
      }}
      accept={ACCEPT}
      multiple={false}
      openRef={openRef}
      {...BUTTON_OPENED_DROPZONE}
      radius="md"
      p={isCompact ? 'sm' : 'lg'}
    >
      {isCompact ? (
        <Group justify="center" gap="sm" wrap="wrap">
          <Text size="sm">{t('bulkSend.dropHere')}</Text>
          <Button variant="light" size="xs" onClick={() => openRef.current?.()}>
            {t('bulkSend.chooseFile')}
          </Button>
        </Group>
      ) : (
        <Stack align="center" gap="xs">
          <Text c="blue.8" aria-hidden>
            <UploadIcon size={32} />
          </Text>
          <Text fw={600}>{t('bulkSend.dropHere')}</Text>
          <Text size="sm">{t('bulkSend.or')}</Text>
          <Button onClick={() => openRef.current?.()}>{t('bulkSend.chooseFile')}</Button>
          <Text size="xs" c="dimmed" ta="center" maw={460}>
            {t('bulkSend.fileHint')}
          </Text>
        </Stack>
      )}
    </Dropzone>
  );
}
