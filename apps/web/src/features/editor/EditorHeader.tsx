import { ZOOM } from '@esign/shared';
import { Button, Group, Text, Title } from '@mantine/core';
import { useTranslation } from '../../i18n';
import type { TemplateKind } from '../templates/template-kinds';
import { EDITOR_FRAME, stepZoom } from './layout';

interface EditorHeaderProps {
  canUndo: boolean;
  canRedo: boolean;
  canCopy: boolean;
  canPaste: boolean;
  zoom: number;
  isSending: boolean;
  /** A template's or form's editor: its title ('Prepare Template', 'Preparing Form') with Save. */
  templateKind: TemplateKind | undefined;
  onUndo: () => void;
  onRedo: () => void;
  onCopy: () => void;
  onPaste: () => void;
  onZoom: (zoom: number) => void;
  onCancel: () => void;
  onSend: () => void;
}

/** 'Prepare for Signing': history, clipboard, zoom, and leaving (Cancel) or sending (a template: saving). */
export function EditorHeader(props: EditorHeaderProps) {
  const { t } = useTranslation();
  return (
    <Group
      component="header"
      justify="space-between"
      px="md"
      h={EDITOR_FRAME.headerHeight}
      wrap="nowrap"
      style={{ borderBottom: EDITOR_FRAME.line, flexShrink: 0 }}
    >
      <Title order={1} size="h4">
        {props.templateKind ? t(props.templateKind.texts.editorTitle) : t('editor.title')}
      </Title>
      <Group gap="xs" wrap="nowrap">
        <Button variant="subtle" size="xs" onClick={props.onUndo} disabled={!props.canUndo}>
          {t('editor.prev')}
        </Button>
        <Button variant="subtle" size="xs" onClick={props.onRedo} disabled={!props.canRedo}>
          {t('editor.next')}
        </Button>
        <Button variant="subtle" size="xs" onClick={props.onCopy} disabled={!props.canCopy}>
          {t('editor.copy')}
        </Button>
        <Button variant="subtle" size="xs" onClick={props.onPaste} disabled={!props.canPaste}>
          {t('editor.paste')}
        </Button>
        <Group gap={4} wrap="nowrap" role="group" aria-label={t('editor.zoom')}>
          <Button
            variant="default"
            size="xs"
            aria-label={t('editor.zoomOut')}
            onClick={() => props.onZoom(stepZoom(props.zoom, -1))}
            disabled={props.zoom <= ZOOM.min}
          >
            −
          </Button>
          <Text size="sm" w={48} ta="center" data-testid="editor-zoom">
            {t('editor.zoomPercent', { value: Math.round(props.zoom * 100) })}
          </Text>
          <Button
            variant="default"
            size="xs"
            aria-label={t('editor.zoomIn')}
            onClick={() => props.onZoom(stepZoom(props.zoom, 1))}
            disabled={props.zoom >= ZOOM.max}
          >
            +
          </Button>
        </Group>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <Button variant="default" onClick={props.onCancel}>
          {t('editor.cancel')}
        </Button>
        <Button onClick={props.onSend} loading={props.isSending}>
          {props.templateKind ? t(props.templateKind.texts.save) : t('editor.send')}
        </Button>
      </Group>
    </Group>
  );
}
