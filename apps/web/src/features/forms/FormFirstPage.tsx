import { Box } from '@mantine/core';
import { PdfPageCanvas } from '../pdf/PdfPageCanvas';
import { usePdfAtUrl } from '../pdf/use-pdf-document';

/** The widest the first page is drawn: the form's column (480 px) less the page's padding. */
const MAX_WIDTH = 480;

/**
 * The form's first page, drawn by pdf.js (loaded on first use) at the column's width or the screen's, whichever is
 * narrower, in a box of the page's proportions so nothing moves when it arrives.
 */
export function FormFirstPage(props: { pdfUrl: string; page: { width: number; height: number }; label: string }) {
  const { pdf } = usePdfAtUrl(props.pdfUrl);
  const width = Math.min(MAX_WIDTH, window.innerWidth - 32);
  const height = Math.round((width * props.page.height) / props.page.width);
  return (
    <Box
      role="img"
      aria-label={props.label}
      w={width}
      h={height}
      style={{ boxShadow: '0 0 0 1px var(--mantine-color-gray-3)', background: 'white', alignSelf: 'center' }}
    >
      {pdf ? <PdfPageCanvas pdf={pdf} pageNumber={1} width={width} height={height} /> : null}
    </Box>
  );
}
