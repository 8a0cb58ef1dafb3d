import { type Document, sendingErrors, type User } from '@esign/shared';
import { useState } from 'react';
import { isApiError } from '../../api/api-error';
import { notifyError } from '../../api/notify';
import { sendDocument } from './api';
import type { AutoSaver } from './auto-save';
import { fieldList } from './field-rules';
import type { FieldsById } from './history';

/**
 * Send (spec section 4): save, run the sending checks here (the server repeats them), show the failing ones and
 * stop; otherwise send out. A 422 lists the server's failing checks, a 403 QUOTA_EXCEEDED opens the upgrade modal.
 */
export function useSend(document: Document, user: User, saver: AutoSaver<FieldsById>, fields: () => FieldsById) {
  const [isSending, setSending] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [quotaLimit, setQuotaLimit] = useState<number | null>(null);
  const [sent, setSent] = useState<Document | null>(null);

  const send = async () => {
    setSending(true);
    try {
      saver.update(fields());
      await saver.flush();
      const failing = sendingErrors({
        type: document.type,
        hasFile: document.pdfFileKey !== null,
        currentUserId: user.id,
        signers: document.signers,
        fields: fieldList(fields()),
      });
      if (failing.length > 0) {
        setErrors(failing);
        return;
      }
      setSent(await sendDocument(document.id));
    } catch (error) {
      if (isApiError(error) && error.code === 'SENDING_CHECKS_FAILED') {
        setErrors(error.messages.length > 0 ? error.messages : [error.message]);
      } else if (isApiError(error) && error.code === 'QUOTA_EXCEEDED') {
        setQuotaLimit(user.freeDocumentsUsedLimit);
      } else {
        notifyError(error);
      }
    } finally {
      setSending(false);
    }
  };

  return {
    send,
    isSending,
    errors,
    clearErrors: () => setErrors([]),
    quotaLimit,
    closeQuota: () => setQuotaLimit(null),
    sent,
  };
}
