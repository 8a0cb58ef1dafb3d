import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import type { ActiveContentChoice } from '@esign/shared';
import { VisuallyHidden } from '@mantine/core';
import { type CSSProperties, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n';
import { FileRow } from './FileRow';
import { moveById, moveItem } from './file-order';
import { SortableFileRow } from './SortableFileRow';
import type { FileRowModel } from './upload-rows';
import { useDragAnnouncements } from './use-drag-announcements';

const LIST_STYLE: CSSProperties = {
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: 'var(--mantine-spacing-xs)',
};

interface FileListProps {
  /** The document's parts, in order: these can be reordered. */
  partRows: FileRowModel[];
  /** Files not (yet) parts of the document, after the parts. */
  pendingRows: FileRowModel[];
  removingKeys: ReadonlySet<string>;
  onReorder: (partIds: string[]) => void;
  onRemove: (row: FileRowModel) => void;
  onChooseActiveContent: (row: FileRowModel, choice: ActiveContentChoice) => void;
  /** The active-content choice on its way, and the row it is for. */
  activeContentChoice: { key: string; choice: ActiveContentChoice } | null;
}

/** The reorderable file list: drag by the handle (mouse, touch or keyboard) or use Move up / Move down. */
export function FileList({
  partRows,
  pendingRows,
  removingKeys,
  onReorder,
  onRemove,
  onChooseActiveContent,
  activeContentChoice,
}: FileListProps) {
  const { t } = useTranslation();
  const listRef = useRef<HTMLUListElement>(null);
  const [focusAfterMove, setFocusAfterMove] = useState<{ key: string; move: 'up' | 'down'; index: number } | null>(
    null,
  );
  const [moveMessage, setMoveMessage] = useState('');
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const accessibility = useDragAnnouncements(partRows);
  const ids = partRows.map((row) => row.key);

  // A moved row's button keeps the focus once the row is in its new place (the order changes a moment later);
  // at the top or the bottom the focus passes to the other direction's button.
  const orderKey = ids.join(',');
  useLayoutEffect(() => {
    if (focusAfterMove === null || listRef.current === null) return;
    if (orderKey.split(',').indexOf(focusAfterMove.key) !== focusAfterMove.index) return;
    const row = listRef.current.querySelector(`[data-file-row="${focusAfterMove.key}"]`);
    const wanted = row?.querySelector<HTMLButtonElement>(`[data-move="${focusAfterMove.move}"]:not(:disabled)`);
    const other = row?.querySelector<HTMLButtonElement>('[data-move]:not(:disabled)');
    (wanted ?? other)?.focus();
    setFocusAfterMove(null);
  }, [focusAfterMove, orderKey]);

  const onMove = (row: FileRowModel, step: -1 | 1) => {
    const moved = moveById(
      partRows.map((item) => ({ id: item.key })),
      row.key,
      step,
    ).map((item) => item.id);
    onReorder(moved);
    setFocusAfterMove({ key: row.key, move: step < 0 ? 'up' : 'down', index: moved.indexOf(row.key) });
    setMoveMessage(t('upload.movedTo', { name: row.name, position: moved.indexOf(row.key) + 1, count: moved.length }));
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over === null || active.id === over.id) return;
    onReorder(moveItem(ids, ids.indexOf(String(active.id)), ids.indexOf(String(over.id))));
  };

  if (partRows.length === 0 && pendingRows.length === 0) return null;
  return (
    <>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={accessibility}
      >
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <ul ref={listRef} aria-label={t('upload.fileList')} style={LIST_STYLE}>
            {partRows.map((row, index) => (
              <SortableFileRow
                key={row.key}
                row={row}
                canMoveUp={index > 0}
                canMoveDown={index < partRows.length - 1}
                onMove={(step) => onMove(row, step)}
                onRemove={() => onRemove(row)}
                isRemoving={removingKeys.has(row.key)}
                onChooseActiveContent={(choice) => onChooseActiveContent(row, choice)}
                activeContentChoice={activeContentChoice?.key === row.key ? activeContentChoice.choice : null}
              />
            ))}
            {pendingRows.map((row) => (
              <FileRow
                key={row.key}
                row={row}
                canMoveUp={false}
                canMoveDown={false}
                onMove={() => {}}
                onRemove={() => onRemove(row)}
                isRemoving={false}
              />
            ))}
          </ul>
        </SortableContext>
      </DndContext>
      <VisuallyHidden aria-live="polite">{moveMessage}</VisuallyHidden>
    </>
  );
}
