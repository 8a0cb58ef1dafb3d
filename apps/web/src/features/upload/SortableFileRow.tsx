import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon } from '@mantine/core';
import { useTranslation } from '../../i18n';
import { FileRow, type FileRowProps } from './FileRow';
import { GripIcon } from './icons';

/** A file row that can be dragged by its handle. */
export function SortableFileRow(props: Omit<FileRowProps, 'handle' | 'rowRef' | 'style' | 'isDragging'>) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: props.row.key,
  });
  const handle = (
    <ActionIcon
      ref={setActivatorNodeRef}
      variant="subtle"
      color="gray"
      size="lg"
      style={{ cursor: isDragging ? 'grabbing' : 'grab', touchAction: 'none' }}
      {...attributes}
      {...listeners}
      aria-label={t('upload.dragHandle', { name: props.row.name })}
    >
      <GripIcon />
    </ActionIcon>
  );
  return (
    <FileRow
      {...props}
      handle={handle}
      rowRef={setNodeRef}
      isDragging={isDragging}
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 1 : undefined,
      }}
    />
  );
}
