import { Button, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { useRef } from 'react';
import { useTranslation } from '../../i18n';
import { acceptedTypes } from './file-checks';
import { UploadIcon } from './icons';

const ACCEPT = acceptedTypes();

/**
 * A dropzone opened by its button only (so it works by keyboard and the button is the one way in): the file input
 * stays out of the accessibility tree, the browser's own picker is used.
 */
export const BUTTON_OPENED_DROPZONE = {
  activateOnClick: false,
  activateOnKeyboard: false,
  enablePointerEvents: true,
  useFsAccessApi: false,
  inputProps: { 'aria-hidden': true },
} as const;

/**
 * 'Drop files here / Or / Upload File'. Every file dropped or picked goes to `onFiles`, refused or not:
 * the checks (and their messages) are the caller's. The button opens the file picker, so it works by keyboard.
 */
export function UploadDropzone({ onFiles }: { onFiles: (files: File[]) => void }) {
  const { t } = useTranslation();
  const openRef = useRef<() => void>(null);
  return (
    <Dropzone
      onDrop={() => {}}
      onDropAny={(files, rejections) => onFiles([...files, ...rejections.map((rejection) => rejection.file)])}
      accept={ACCEPT}
      multiple
      openRef={openRef}
      {...BUTTON_OPENED_DROPZONE}
      radius="md"
      p={{ base: 'md', sm: 'xl' }}
    >
      <Stack align="center" gap="xs" py="md">
        <Text c="blue.8" aria-hidden>
          <UploadIcon size={40} />
        </Text>
        <Text size="lg" fw={600}>
          {t('upload.dropHere')}
        </Text>
        <Text size="sm">{t('upload.or')}</Text>
        <Button onClick={() => openRef.current?.()}>{t('upload.chooseFiles')}</Button>
        <Text size="xs" c="dimmed" ta="center" maw={420}>
          {t('upload.hint')}
        </Text>
      </Stack>
    </Dropzone>
  );
}
