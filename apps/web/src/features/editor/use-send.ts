import { type Document, MESSAGES, sendingErrors, type User } from '@esign/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../api/api-error';
import { apiCall } from '../../api/client';
import { notifyError, notifyFailure, notifySuccess } from '../../api/notify';
import { t } from '../../i18n';
import { translateMessage } from '../../i18n/translate-message';
import { publishTemplate } from '../templates/api';
import { type TemplateKind, templateKindOf } from '../templates/template-kinds';
import { sendDocument } from './api';
import type { AutoSaver } from './auto-save';
import { fieldList } from './field-rules';
import type { FieldsById } from './history';

/** What the editor's main button finishes with: a document sent, or a template made live. */
export type Finished = { kind: 'sent'; document: Document } | { kind: 'templateReady' };

/**
 * The editor's main button (spec section 4), after saving the fields. A document: run the sending checks here (the
 * server repeats them), show the failing ones and stop, otherwise send out; a 403 QUOTA_EXCEEDED opens the upgrade
 * modal. A template: a draft goes live when it meets its requirements ('Template saved', 'Your template is
 * ready'), and stays a draft listing them otherwise ('Template has validation errors'); a replica goes in place of
 * its source and the user returns to /templates. `toApi`: a template created for the API goes there once live.
 */
export function useSend(
  document: Document,
  user: User,
  saver: AutoSaver<FieldsById>,
  fields: () => FieldsById,
  {
    toApi = false,
    onOwnFieldsUnsigned,
  }: {
    toApi?: boolean;
    /** The sender's own required fields are not all signed: the editor shows the first one. */
    onOwnFieldsUnsigned?: () => void;
  } = {},
) {
  const navigate = useNavigate();
  const [isSending, setSending] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [upgradeText, setUpgradeText] = useState<string | null>(null);
  const [finished, setFinished] = useState<Finished | null>(null);
  const templateKind = templateKindOf(document.type);

  const saveTemplate = async (kind: TemplateKind) => {
    const { template, errors: failing } = await publishTemplate(document);
    if (failing.length > 0) {
      notifyFailure(kind.messages.validationErrors);
      setErrors(failing);
      return;
    }
    if (toApi && template.status === 'active') await apiCall('addTemplateToApi', { params: { id: template.id } });
    notifySuccess(translateMessage(kind.messages.saved, t));
    if (document.status === 'replica') navigate(kind.listPath);
    else setFinished({ kind: 'templateReady' });
  };

  const sendOut = async () => {
    const failing = sendingErrors({
      type: document.type,
      hasFile: document.pdfFileKey !== null,
      currentUserId: user.id,
      signers: document.signers,
      fields: fieldList(fields()),
    });
    if (failing.length > 0) {
      if (failing.includes(MESSAGES.preparerFieldsUnsigned)) onOwnFieldsUnsigned?.();
      setErrors(failing);
      return;
    }
    setFinished({ kind: 'sent', document: await sendDocument(document.id) });
  };

  const send = async () => {
    setSending(true);
    try {
      saver.update(fields());
      await saver.flush();
      await (templateKind ? saveTemplate(templateKind) : sendOut());
    } catch (error) {
      if (isApiError(error) && error.code === 'SENDING_CHECKS_FAILED') {
        if (templateKind) notifyFailure(templateKind.messages.validationErrors);
        setErrors(error.messages.length > 0 ? error.messages : [error.message]);
      } else if (isApiError(error) && error.code === 'QUOTA_EXCEEDED') {
        setUpgradeText(
          templateKind ? error.message : t('editor.quotaExceeded', { limit: user.freeDocumentsUsedLimit }),
        );
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
    upgradeText,
    closeUpgrade: () => setUpgradeText(null),
    finished,
  };
}
