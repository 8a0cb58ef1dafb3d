import { FIELD_KINDS, FIELD_TYPES, type FieldType } from '@esign/shared';
import { Button, Stack, Title } from '@mantine/core';
import { useTranslation } from '../../i18n';
import { EDITOR_FRAME } from './layout';
import { NEW_FIELD_DRAG_TYPE } from './PageView';

/** 'Fields': a click adds the field on the most central visible page; dragging drops it where it is let go. */
export function FieldsBar({ onAdd }: { onAdd: (type: FieldType) => void }) {
  const { t } = useTranslation();
  return (
    <Stack
      component="nav"
      aria-label={t('editor.fields')}
      gap="xs"
      p="sm"
      w={EDITOR_FRAME.fieldsBarWidth}
      style={{ borderRight: EDITOR_FRAME.line }}
    >
      <Title order={2} size="sm">
        {t('editor.fields')}
      </Title>
      {FIELD_TYPES.map((type) => (
        <Button
          key={type}
          variant="default"
          justify="flex-start"
          draggable
          onDragStart={(event) => {
            event.dataTransfer.setData(NEW_FIELD_DRAG_TYPE, type);
            event.dataTransfer.effectAllowed = 'copy';
          }}
          onClick={() => onAdd(type)}
        >
          {t(FIELD_KINDS[type].labelKey)}
        </Button>
      ))}
    </Stack>
  );
}
