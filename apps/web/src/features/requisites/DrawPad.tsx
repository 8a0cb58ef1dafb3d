import { Box, Button, Group, Image, Text } from '@mantine/core';
import { useEffect, useId, useRef } from 'react';
import type SignaturePad from 'signature_pad';
import { useTranslation } from '../../i18n';
import type { ImageValue } from './image-value';

const PAD_HEIGHT = 160;

/** A drawing area (signature_pad) for a signature or initials; an image kept from before shows until redrawn. */
export function DrawPad({
  label,
  value,
  onChange,
}: {
  label: string;
  value: ImageValue | null;
  onChange: (value: ImageValue | null) => void;
}) {
  const { t } = useTranslation();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const isKept = value?.kind === 'kept';
  const labelId = useId();

  useEffect(() => {
    const canvas = canvasRef.current;
    if (canvas === null || isKept) return;
    let isCurrent = true;
    let cleanUp = () => {};
    // signature_pad loads only when a drawing area is shown.
    void import('signature_pad').then(({ default: Pad }) => {
      if (!isCurrent) return;
      const pad = new Pad(canvas, { penColor: '#1a1a2e', minWidth: 1, maxWidth: 3 });
      padRef.current = pad;
      const emit = () => {
        onChangeRef.current(pad.isEmpty() ? null : { kind: 'new', dataUrl: pad.toDataURL('image/png') });
      };
      const fit = () => {
        // The canvas gets device pixels for its CSS size. Resizing a canvas clears it, so the strokes drawn so far
        // (kept in CSS pixels) are drawn again: a drawing survives a phone turned or a dialog that settles late.
        const ratio = Math.max(window.devicePixelRatio || 1, 1);
        if (canvas.offsetWidth === 0 || canvas.width === Math.round(canvas.offsetWidth * ratio)) return;
        const strokes = pad.toData();
        canvas.width = Math.round(canvas.offsetWidth * ratio);
        canvas.height = Math.round(PAD_HEIGHT * ratio);
        canvas.getContext('2d')?.scale(ratio, ratio);
        pad.clear();
        if (strokes.length > 0) {
          pad.fromData(strokes);
          emit();
        }
      };
      const observer = new ResizeObserver(fit);
      observer.observe(canvas);
      fit();
      pad.addEventListener('endStroke', emit);
      // Marks the area as listening (signature_pad arrives by a dynamic import): a journey draws once it is set.
      canvas.dataset.ready = 'true';
      cleanUp = () => {
        observer.disconnect();
        pad.off();
        delete canvas.dataset.ready;
        padRef.current = null;
      };
    });
    return () => {
      isCurrent = false;
      cleanUp();
    };
  }, [isKept]);

  const onClear = () => {
    padRef.current?.clear();
    onChange(null);
  };

  return (
    <Box>
      <Group justify="space-between" mb={4}>
        <Text size="sm" fw={500} id={labelId}>
          {label}
        </Text>
        <Button variant="subtle" size="compact-sm" onClick={onClear}>
          {isKept ? t('requisites.redraw') : t('requisites.clear')}
        </Button>
      </Group>
      {isKept ? (
        <Image src={value.url} alt={label} h={PAD_HEIGHT} fit="contain" bd="1px solid var(--mantine-color-gray-4)" />
      ) : (
        <canvas
          ref={canvasRef}
          aria-labelledby={labelId}
          style={{
            width: '100%',
            height: PAD_HEIGHT,
            display: 'block',
            touchAction: 'none',
            border: '1px dashed var(--mantine-color-gray-5)',
            borderRadius: 'var(--mantine-radius-sm)',
            background: '#fff',
          }}
        />
      )}
    </Box>
  );
}
