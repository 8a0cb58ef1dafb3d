import type { Announcements, ScreenReaderInstructions, UniqueIdentifier } from '@dnd-kit/core';
import { useMemo } from 'react';
import { useTranslation } from '../../i18n';
import type { FileRowModel } from './upload-rows';

/** The drag-and-drop screen reader texts, in the app's language and with file names instead of ids. */
export function useDragAnnouncements(rows: readonly FileRowModel[]) {
  const { t } = useTranslation();
  return useMemo(() => {
    const nameOf = (id: UniqueIdentifier) => rows.find((row) => row.key === id)?.name ?? String(id);
    const position = (id: UniqueIdentifier) => ({
      position: rows.findIndex((row) => row.key === id) + 1,
      count: rows.length,
    });
    const screenReaderInstructions: ScreenReaderInstructions = { draggable: t('upload.drag.instructions') };
    const announcements: Announcements = {
      onDragStart: ({ active }) => t('upload.drag.picked', { name: nameOf(active.id) }),
      onDragOver: ({ active, over }) =>
        over ? t('upload.drag.over', { name: nameOf(active.id), ...position(over.id) }) : undefined,
      onDragEnd: ({ active, over }) =>
        over
          ? t('upload.drag.dropped', { name: nameOf(active.id), ...position(over.id) })
          : t('upload.drag.cancelled', { name: nameOf(active.id) }),
      onDragCancel: ({ active }) => t('upload.drag.cancelled', { name: nameOf(active.id) }),
    };
    return { screenReaderInstructions, announcements };
  }, [rows, t]);
}
