import { Center, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { errorToastText } from '../../api/api-error';
import { FullPageLoader } from '../../app/FullPageLoader';
import { useCurrentUser } from '../auth/api';
import { loadPdfjs } from '../pdf/pdf-loader';
import { useDocument } from '../upload/api';
import { Editor } from './Editor';
import { dismissEarlyPage } from './early-page';

// pdf.js is needed as soon as the document is known: its download starts with this screen's code.
void loadPdfjs();

/**
 * A document fetched this recently is not fetched again when the editor opens: it is the copy fetched for it just
 * before (prefetch.ts, or the prepare form's save), and the editor's own saves keep the cached copy true. Fetching it
 * again would parse a few hundred fields while the first page is being drawn.
 */
const FRESH_DOCUMENT_MS = 10_000;

/** /documents/:documentId/edit: loads the document, then the editor (keyed by the document). */
export default function EditorPage() {
  const { documentId = '' } = useParams();
  const document = useDocument(documentId, { staleTime: FRESH_DOCUMENT_MS });
  const user = useCurrentUser().data;
  useEffect(() => {
    if (document.isError) dismissEarlyPage();
  }, [document.isError]);
  if (document.isError) {
    return (
      <Center h="100dvh">
        <Stack>
          <Text role="alert">{errorToastText(document.error)}</Text>
        </Stack>
      </Center>
    );
  }
  if (document.data === undefined || user === undefined) return <FullPageLoader />;
  return <Editor key={document.data.id} document={document.data} user={user} />;
}
