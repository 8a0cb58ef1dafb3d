import { AUTO_SAVE_INTERVAL_MS, type DocumentType, pickField } from '@esign/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useReducer, useRef } from 'react';
import { notifyError } from '../../api/notify';
import { queryKeys } from '../../api/query-keys';
import { KEEPALIVE_BODY_LIMIT, saveFields } from './api';
import { type AutoSaver, createAutoSaver } from './auto-save';
import { fieldList, sameFieldSets } from './field-rules';
import type { FieldsById } from './history';

/**
 * Saves the editor's fields (PATCH documents/{id}, or documents/templates/{id}, with the whole set) through the auto-save scheduler. The
 * server's answer is not read back into the editor: echoes never enter history; it replaces the cached document, so
 * the editor opened again from the cache shows what was saved. Leaving the editor flushes; closing the tab or
 * going to another site sends what is unsaved in a keep-alive request on `pagehide` (which outlives the page), and
 * asks first only when that cannot carry it (over the browser's 64 KB) or the last save failed.
 */
export function useFieldAutoSave(
  document: { id: string; type: DocumentType },
  saved: FieldsById,
  fields: FieldsById,
): AutoSaver<FieldsById> {
  const queryClient = useQueryClient();
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  const saverRef = useRef<AutoSaver<FieldsById> | null>(null);
  if (saverRef.current === null) {
    saverRef.current = createAutoSaver<FieldsById>({
      saved,
      save: async (value) => {
        const answer = await saveFields(document, fieldList(value).map(pickField));
        queryClient.setQueryData(queryKeys.documents.detail(document.id), answer);
      },
      isSame: sameFieldSets,
      intervalMs: AUTO_SAVE_INTERVAL_MS,
      onError: notifyError,
      onStateChange: rerender,
    });
  }
  const saver = saverRef.current;

  useEffect(() => saver.update(fields), [saver, fields]);
  const { id, type } = document;

  useEffect(() => {
    const unsavedBody = () => {
      const value = saver.unsavedValue();
      return value === null ? null : fieldList(value).map(pickField);
    };
    const fitsKeepalive = (fields: unknown[]) =>
      new TextEncoder().encode(JSON.stringify({ fields })).length <= KEEPALIVE_BODY_LIMIT;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      const fields = unsavedBody();
      if (fields === null || (fitsKeepalive(fields) && !saver.hasFailed())) return;
      void saver.flush().catch(() => undefined);
      event.preventDefault();
    };
    const onPageHide = () => {
      const fields = unsavedBody();
      if (fields === null || !fitsKeepalive(fields)) return;
      void saveFields({ id, type }, fields, { keepalive: true }).catch(() => undefined);
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      window.removeEventListener('pagehide', onPageHide);
      // Leaving by a route change: what is pending is saved now.
      void saver.flush().catch(notifyError);
    };
  }, [saver, id, type]);

  return saver;
}
