import type { DocumentType } from '@esign/shared';
import { Stack, Title } from '@mantine/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { UploadStep } from '../upload/UploadStep';

const DOCUMENT_ID_PARAM = 'documentId';

/**
 * 'Prepare your document for signing' for /only-me, /me-and-others and /only-others.
 * The draft's id stays in the URL (?documentId=), so a reload keeps the document and its files.
 */
export function PrepareDocumentPage({ documentType }: { documentType: DocumentType }) {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const documentId = searchParams.get(DOCUMENT_ID_PARAM);

  const onDocumentIdChange = useCallback(
    (id: string | null) =>
      setSearchParams(
        (params) => {
          const next = new URLSearchParams(params);
          if (id === null) next.delete(DOCUMENT_ID_PARAM);
          else next.set(DOCUMENT_ID_PARAM, id);
          return next;
        },
        { replace: true },
      ),
    [setSearchParams],
  );

  const onPrepare = useCallback((_documentId: string) => {
    // Intentionally does nothing yet: the field editor ('Prepare for Signing') is the next piece of work.
    // It will open here, e.g. navigate(`/documents/${documentId}/edit`) once that route exists.
  }, []);

  return (
    <Stack gap="xl" maw={880}>
      <Title order={1}>{t('prepare.title')}</Title>
      {/* The title, message and signers form (next piece of work) goes here, above the upload step. */}
      <UploadStep
        documentType={documentType}
        documentId={documentId}
        onDocumentIdChange={onDocumentIdChange}
        onPrepare={onPrepare}
      />
    </Stack>
  );
}
