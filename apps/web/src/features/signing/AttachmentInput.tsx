import { ATTACHMENT_MAX_BYTES, type DocumentFieldResponse, MESSAGES, type MessageKey } from '@esign/shared';
import { type Ref, useId, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { errorToastText } from '../../api/api-error';
import { apiCall } from '../../api/client';
import { type TranslationKey, useTranslation } from '../../i18n';
import { messageKeyOf, translateMessage } from '../../i18n/translate-message';

/** What the file picker offers; the server checks the content again (PDF, PNG or JPEG). */
const ACCEPT = 'application/pdf,image/png,image/jpeg,.pdf,.png,.jpg,.jpeg';
/** The upload's refusals the signer page words itself, in the signer's language. */
const OWN_MESSAGES: MessageKey[] = ['attachmentTooLarge', 'attachmentTypeNotAllowed'];

/**
 * The signer's control of an attachment field (issue 37): one large button that opens the file picker (a phone's
 * camera or files at 375 px), the chosen file's name, and the upload's refusal in the signer's language. The file
 * goes to the server as soon as it is chosen; the field's value is then the file's name.
 */
export function AttachmentInput(props: {
  field: DocumentFieldResponse;
  label: string;
  controlRef: Ref<HTMLElement>;
  onText: (text: string) => void;
}) {
  const { t } = useTranslation();
  const { documentId = '' } = useParams();
  const inputRef = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const hintId = useId();
  const [isUploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const { field } = props;

  const wordOf = (message: string) => {
    const key = messageKeyOf(message);
    return key && OWN_MESSAGES.includes(key) ? t(`fieldValues.${key}` as TranslationKey) : translateMessage(message, t);
  };

  async function upload(file: File) {
    setProblem(null);
    if (file.size > ATTACHMENT_MAX_BYTES) {
      setProblem(wordOf(MESSAGES.attachmentTooLarge));
      return;
    }
    const formData = new FormData();
    formData.append('file', file, file.name);
    setUploading(true);
    try {
      const answer = await apiCall('uploadFieldAttachment', {
        params: { id: documentId, signerId: field.signerId ?? '', fieldId: field.id },
        formData,
      });
      props.onText(answer.fileName);
    } catch (error) {
      setProblem(wordOf(errorToastText(error) ?? MESSAGES.somethingWentWrong));
    } finally {
      setUploading(false);
      if (inputRef.current) inputRef.current.value = '';
    }
  }

  return (
    <div>
      <input
        ref={inputRef}
        type="file"
        accept={ACCEPT}
        hidden
        data-testid="attachment-file"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          if (file) void upload(file);
        }}
      />
      <button
        ref={props.controlRef as Ref<HTMLButtonElement>}
        type="button"
        className="step-input"
        aria-label={`${props.label}: ${field.text ? t('fieldValues.replaceFile') : t('fieldValues.chooseFile')}`}
        aria-describedby={problem ? `${hintId} ${errorId}` : hintId}
        aria-busy={isUploading}
        disabled={isUploading}
        onClick={() => inputRef.current?.click()}
        style={{
          minHeight: 48,
          fontSize: 18,
          width: '100%',
          boxSizing: 'border-box',
          padding: '0 12px',
          display: 'flex',
          alignItems: 'center',
          gap: 8,
          cursor: 'pointer',
          textAlign: 'left',
        }}
      >
        <span aria-hidden="true">📎</span>
        <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', flex: 1 }}>
          {isUploading ? t('fieldValues.uploading') : field.text ? field.text : t('fieldValues.chooseFile')}
        </span>
        {field.text && !isUploading ? (
          <span style={{ fontSize: 14, color: '#1c7ed6' }}>{t('fieldValues.replaceFile')}</span>
        ) : null}
      </button>
      <div id={hintId} style={{ fontSize: 13, color: '#495057', marginTop: 4 }}>
        {t('fieldValues.attachmentHint')}
      </div>
      {problem ? (
        <div
          id={errorId}
          role="alert"
          data-testid="field-problem"
          style={{ color: '#c92a2a', fontSize: 14, marginTop: 6 }}
        >
          {problem}
        </div>
      ) : null}
    </div>
  );
}
