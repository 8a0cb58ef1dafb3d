import { Box, Button, FileButton, Group, Image, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from '../../i18n';
import { type ImageValue, imageSrc } from './image-value';
import { uploadProblem } from './upload-checks';

const ACCEPT = 'image/png,image/jpeg,image/bmp,image/gif,.png,.jpg,.jpeg,.bmp,.gif';

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** Picks an image file for a signature or initials: png, jpg, jpeg, bmp or gif up to 40 MB. */
export function UploadPick({
  label,
  value,
  onChange,
}: {
  label: string;
  value: ImageValue | null;
  onChange: (value: ImageValue | null) => void;
}) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();

  const onFile = async (file: File | null) => {
    if (file === null) return;
    const problem = uploadProblem(file);
    if (problem !== null) {
      setError(problem === 'size' ? t('messages.maxImageSize') : t('requisites.wrongImageType'));
      return;
    }
    setError(null);
    onChange({ kind: 'new', dataUrl: await readAsDataUrl(file) });
  };

  return (
    <Box>
      <Group justify="space-between" mb={4}>
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <FileButton onChange={(file) => void onFile(file)} accept={ACCEPT}>
          {(props) => (
            <Button
              {...props}
              variant="light"
              size="compact-sm"
              aria-label={t('requisites.imageAction', {
                action: value ? t('requisites.replaceImage') : t('requisites.chooseImage'),
                label,
              })}
              aria-describedby={error ? errorId : undefined}
            >
              {value ? t('requisites.replaceImage') : t('requisites.chooseImage')}
            </Button>
          )}
        </FileButton>
      </Group>
      <Box
        h={120}
        style={{
          border: '1px dashed var(--mantine-color-gray-5)',
          borderRadius: 'var(--mantine-radius-sm)',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          background: '#fff',
        }}
      >
        {value ? (
          <Image src={imageSrc(value)} alt={label} h={110} fit="contain" />
        ) : (
          <Text size="xs" c="dimmed">
            {t('requisites.uploadHint')}
          </Text>
        )}
      </Box>
      {error && (
        <Text size="xs" c="red.8" mt={4} id={errorId} role="alert">
          {error}
        </Text>
      )}
    </Box>
  );
}
