import type { DocumentFieldResponse, PdfMetadata, Requisite } from '@esign/shared';
import { Box, Center, Loader, Text } from '@mantine/core';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useTranslation } from '../../i18n';
import { PdfPageCanvas } from '../pdf/PdfPageCanvas';
import { useNearView } from '../pdf/use-near-view';
import { usePdfAtUrl } from '../pdf/use-pdf-document';
import { fieldAccessibleName } from './field-names';
import { SignerField } from './SignerField';
import { inSigningOrder } from './signing-steps';

/** Space between pages (spec section 9: page bottom margin 20). */
const PAGE_GAP = 20;
const DEFAULT_PAGE = { width: 612, height: 792 };

interface SignerPagesProps {
  pdfUrl: string;
  pdfMetadata: PdfMetadata | null;
  width: number;
  fields: DocumentFieldResponse[];
  signerId: string;
  isEditable: boolean;
  activeFieldId: string | null;
  /** Opens an own field's step. */
  onOpen: (field: DocumentFieldResponse) => void;
  signerName: string;
  /** The saved signatures chosen on this page, by field id (shown in their fields). */
  chosen: Record<string, Requisite>;
}

function SignerPage(props: SignerPagesProps & { pdf: PDFDocumentProxy; pageNumber: number; pageCount: number }) {
  const { t } = useTranslation();
  const size = props.pdfMetadata?.pages[props.pageNumber - 1] ?? DEFAULT_PAGE;
  const scale = props.width / size.width;
  const height = size.height * scale;
  const { ref, isNear } = useNearView<HTMLDivElement>();
  // In signing order, so Tab goes through the fields as the steps do.
  const pageFields = inSigningOrder(props.fields.filter((field) => field.pageNumber === props.pageNumber));
  return (
    <Box
      ref={ref}
      role="region"
      aria-label={t('signing.pageOf', { page: props.pageNumber, count: props.pageCount })}
      data-page={props.pageNumber}
      pos="relative"
      w={props.width}
      h={height}
      mb={PAGE_GAP}
      bg="white"
      style={{ boxShadow: '0 1px 4px rgba(0,0,0,0.2)' }}
    >
      {isNear ? (
        <PdfPageCanvas pdf={props.pdf} pageNumber={props.pageNumber} width={props.width} height={height} />
      ) : null}
      {pageFields.map((field) => {
        const isOwn = field.signerId === props.signerId;
        return (
          <SignerField
            key={field.id}
            field={field}
            scale={scale}
            isOwn={isOwn}
            isEditable={isOwn && props.isEditable}
            isActive={field.id === props.activeFieldId}
            onOpen={props.onOpen}
            accessibleName={fieldAccessibleName(t, field, props.signerName)}
            requisite={props.chosen[field.id]}
          />
        );
      })}
    </Box>
  );
}

/** The document's pages drawn by pdf.js, each with the fields on top. */
export function SignerPages(props: SignerPagesProps) {
  const { t } = useTranslation();
  const { pdf, error } = usePdfAtUrl(props.pdfUrl);
  if (error) return <Text c="red">{t('messages.somethingWentWrong')}</Text>;
  if (pdf === null) {
    return (
      <Center py="xl">
        <Loader aria-label={t('signing.loadingPages')} role="status" />
      </Center>
    );
  }
  const pageCount = pdf.numPages;
  return (
    <Box>
      {Array.from({ length: pageCount }, (_, index) => index + 1).map((pageNumber) => (
        <SignerPage key={pageNumber} {...props} pdf={pdf} pageNumber={pageNumber} pageCount={pageCount} />
      ))}
    </Box>
  );
}
