import { MESSAGES, type User } from '@esign/shared';
import { Avatar, Button, FileButton, Group, Modal, Slider, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import Cropper from 'react-easy-crop';
import { notifyError, notifyFailure, notifySuccess } from '../../api/notify';
import { useTranslation } from '../../i18n';
import { useRemoveAvatar, useUploadAvatar } from './api';
import { avatarProblem, croppedAvatar, type PixelArea } from './avatar-checks';

/** The picture with Upload (a square crop in a modal, then 128x128) and Remove. */
export function AvatarField({ user }: { user: User }) {
  const { t } = useTranslation();
  const upload = useUploadAvatar();
  const remove = useRemoveAvatar();
  const [imageUrl, setImageUrl] = useState<string | null>(null);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<PixelArea | null>(null);

  useEffect(() => () => (imageUrl ? URL.revokeObjectURL(imageUrl) : undefined), [imageUrl]);

  const onPick = async (file: File | null) => {
    if (!file) return;
    const problem = avatarProblem(file, new Uint8Array(await file.slice(0, 16).arrayBuffer()));
    if (problem) {
      notifyFailure(problem === 'format' ? MESSAGES.fileFormatNotCorrect : MESSAGES.avatarTooLarge);
      return;
    }
    setCrop({ x: 0, y: 0 });
    setZoom(1);
    setImageUrl(URL.createObjectURL(file));
  };

  const onSave = async () => {
    if (!imageUrl || !area) return;
    try {
      await upload.mutateAsync(await croppedAvatar(imageUrl, area));
      notifySuccess(t('messages.pictureUploaded'));
      setImageUrl(null);
    } catch (error) {
      notifyError(error);
    }
  };

  const onRemove = async () => {
    // The spec's toast shows even when the call fails (section 8).
    await remove.mutateAsync().catch(() => undefined);
    notifySuccess(t('messages.pictureRemoved'));
  };

  return (
    <Group gap="md" align="center">
      <Avatar src={user.avatarUrl} name={user.name} size={64} alt={t('settings.avatarOf', { name: user.name })} />
      <Stack gap={4}>
        <Group gap="xs">
          <FileButton
            onChange={(file) => void onPick(file)}
            accept=".jpg,.jpeg,.png,.bmp,image/jpeg,image/png,image/bmp"
          >
            {(props) => (
              <Button variant="light" size="xs" {...props}>
                {t(user.avatarUrl ? 'settings.changeAvatar' : 'settings.uploadAvatar')}
              </Button>
            )}
          </FileButton>
          {user.avatarUrl && (
            <Button variant="subtle" color="red" size="xs" onClick={() => void onRemove()} loading={remove.isPending}>
              {t('settings.removeAvatar')}
            </Button>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {t('settings.avatarHint')}
        </Text>
      </Stack>

      <Modal opened={imageUrl !== null} onClose={() => setImageUrl(null)} title={t('settings.cropTitle')} centered>
        <Stack>
          <div style={{ position: 'relative', height: 300, background: '#222' }}>
            {imageUrl && (
              <Cropper
                image={imageUrl}
                crop={crop}
                zoom={zoom}
                aspect={1}
                cropShape="round"
                onCropChange={setCrop}
                onZoomChange={setZoom}
                onCropComplete={(_, pixels) => setArea(pixels)}
              />
            )}
          </div>
          <Text size="sm" aria-hidden>
            {t('settings.zoom')}
          </Text>
          <Slider min={1} max={3} step={0.1} value={zoom} onChange={setZoom} thumbLabel={t('settings.zoom')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setImageUrl(null)}>
              {t('settings.cancel')}
            </Button>
            <Button onClick={() => void onSave()} loading={upload.isPending} disabled={!area}>
              {t('settings.cropSave')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Group>
  );
}
