import type { Document, DocumentFieldResponse } from '@esign/shared';
import { Box, Center, Loader, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useTranslation } from '../../i18n';
import { signerCssColor } from '../editor/signer-colors';
import { PdfPageCanvas } from '../pdf/PdfPageCanvas';
import { useNearView } from '../pdf/use-near-view';
import { usePdfDocument } from '../pdf/use-pdf-document';
import { PreviewField } from './PreviewField';

/** Space between pages (spec section 9: page bottom margin 20), and the widest a page is shown. */
const PAGE_GAP = 20;
const MAX_PAGE_WIDTH = 900;
const DEFAULT_PAGE = { width: 612, height: 792 };

interface PreviewPageProps {
  document: Document;
  pdf: PDFDocumentProxy;
  pageNumber: number;
  width: number;
  fields: DocumentFieldResponse[];
}

function PreviewPage({ document, pdf, pageNumber, width, fields }: PreviewPageProps) {
  const { t } = useTranslation();
  const size = document.pdfMetadata?.pages[pageNumber - 1] ?? DEFAULT_PAGE;
  const scale = width / size.width;
  const height = size.height * scale;
  const { ref, isNear } = useNearView<HTMLDivElement>();
  const signers = new Map(document.signers.map((signer) => [signer.id, signer]));
  return (
    <Box
      ref={ref}
      role="region"
      aria-label={t('signing.pageOf', { page: pageNumber, count: pdf.numPages })}
      data-page={pageNumber}
      pos="relative"
      w={width}
      h={height}
      mb={PAGE_GAP}
      mx="auto"
      bg="white"
      style={{ boxShadow: '0 1px 4px rgba(0,0,0,0.2)' }}
    >
      {isNear ? <PdfPageCanvas pdf={pdf} pageNumber={pageNumber} width={width} height={height} /> : null}
      {fields
        .filter((field) => field.pageNumber === pageNumber)
        .map((field) => (
          <PreviewField
            key={field.id}
            field={field}
            scale={scale}
            color={signerCssColor(field.signerId ? signers.get(field.signerId) : null)}
          />
        ))}
    </Box>
  );
}

/**
 * The document's pages drawn by pdf.js, as wide as the room allows: a completed document's result with no fields,
 * any other the original with its fields, read-only.
 */
export function PreviewPages({ document, fileKey }: { document: Document; fileKey: string }) {
  const { t } = useTranslation();
  const { ref, width: roomWidth } = useElementSize<HTMLDivElement>();
  const { pdf, error } = usePdfDocument(fileKey);
  // The sealed result carries the values itself; the original shows them as boxes.
  const fields = fileKey === document.resultPdfFileKey ? [] : document.fields;
  const width = Math.min(MAX_PAGE_WIDTH, Math.floor(roomWidth));
  return (
    <Box bg="gray.1" py="md" px={{ base: 'xs', sm: 'md' }} style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
      {/* Measured inside the padding: Mantine's size is the border box. */}
      <Box ref={ref}>
        {error ? (
          <Text c="red" ta="center">
            {t('messages.somethingWentWrong')}
          </Text>
        ) : pdf === null || width <= 0 ? (
          <Center py="xl">
            <Loader aria-label={t('signing.loadingPages')} role="status" />
          </Center>
        ) : (
          Array.from({ length: pdf.numPages }, (_, index) => index + 1).map((pageNumber) => (
            <PreviewPage
              key={pageNumber}
              document={document}
              pdf={pdf}
              pageNumber={pageNumber}
              width={width}
              fields={fields}
            />
          ))
        )}
      </Box>
    </Box>
  );
}
