import { AVATAR_SIZE_PX, type User } from '@esign/shared';
import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { notifySuccess } from '../../api/notify';
import { useTranslation } from '../../i18n';
import { useRemoveAvatar, useUploadAvatar } from './api';
import { PictureCropModal, usePictureCrop } from './PictureCrop';

/** The picture with Upload (a square crop in a modal, then 128x128) and Remove. */
export function AvatarField({ user }: { user: User }) {
  const { t } = useTranslation();
  const upload = useUploadAvatar();
  const remove = useRemoveAvatar();
  const picture = usePictureCrop({
    size: { width: AVATAR_SIZE_PX, height: AVATAR_SIZE_PX },
    upload: (png) => upload.mutateAsync(png),
    onUploaded: () => notifySuccess(t('messages.pictureUploaded')),
  });

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
            onChange={(file) => void picture.pick(file)}
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
      <PictureCropModal
        imageUrl={picture.imageUrl}
        aspect={1}
        round
        title={t('settings.cropTitle')}
        saveLabel={t('settings.cropSave')}
        saving={upload.isPending}
        onCancel={picture.cancel}
        onSave={(area) => void picture.save(area)}
      />
    </Group>
  );
}
