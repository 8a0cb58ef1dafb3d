import { MESSAGES } from '@esign/shared';
import { Button, Group, Modal, Slider, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import Cropper from 'react-easy-crop';
import { notifyError, notifyFailure } from '../../api/notify';
import { useTranslation } from '../../i18n';
import { croppedPicture, type PixelArea, pictureProblem } from './picture-checks';

/**
 * A picked picture on its way to the server (the avatar, the company logo): checked by name and first bytes, then
 * cropped in a modal at `aspect` and drawn at `size`; `upload` takes the PNG. `pick` goes to a FileButton.
 */
export function usePictureCrop(options: {
  size: { width: number; height: number };
  upload: (png: Blob) => Promise<unknown>;
  onUploaded: () => void;
}) {
  const [imageUrl, setImageUrl] = useState<string | null>(null);
  useEffect(() => () => (imageUrl ? URL.revokeObjectURL(imageUrl) : undefined), [imageUrl]);

  const pick = async (file: File | null) => {
    if (!file) return;
    const problem = pictureProblem(file, new Uint8Array(await file.slice(0, 16).arrayBuffer()));
    if (problem) {
      notifyFailure(problem === 'format' ? MESSAGES.fileFormatNotCorrect : MESSAGES.avatarTooLarge);
      return;
    }
    setImageUrl(URL.createObjectURL(file));
  };

  const save = async (area: PixelArea) => {
    if (!imageUrl) return;
    try {
      await options.upload(await croppedPicture(imageUrl, area, options.size));
      options.onUploaded();
      setImageUrl(null);
    } catch (error) {
      notifyError(error);
    }
  };

  return { imageUrl, pick, save, cancel: () => setImageUrl(null) };
}

/** The crop modal of a picked picture: react-easy-crop at `aspect`, a zoom slider, Cancel and Save. */
export function PictureCropModal(props: {
  imageUrl: string | null;
  aspect: number;
  round?: boolean;
  title: string;
  saveLabel: string;
  saving: boolean;
  onCancel: () => void;
  onSave: (area: PixelArea) => void;
}) {
  const { t } = useTranslation();
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<PixelArea | null>(null);
  // Each picked picture starts uncropped.
  useEffect(() => {
    if (props.imageUrl === null) return;
    setCrop({ x: 0, y: 0 });
    setZoom(1);
  }, [props.imageUrl]);

  return (
    <Modal opened={props.imageUrl !== null} onClose={props.onCancel} title={props.title} centered>
      <Stack>
        <div style={{ position: 'relative', height: 300, background: '#222' }}>
          {props.imageUrl && (
            <Cropper
              image={props.imageUrl}
              crop={crop}
              zoom={zoom}
              aspect={props.aspect}
              cropShape={props.round ? 'round' : 'rect'}
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
          <Button variant="default" onClick={props.onCancel}>
            {t('settings.cancel')}
          </Button>
          <Button onClick={() => area && props.onSave(area)} loading={props.saving} disabled={!area}>
            {props.saveLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
