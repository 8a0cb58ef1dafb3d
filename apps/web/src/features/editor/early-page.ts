import type { Document } from '@esign/shared';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { keepDrawnPage, pageViewport } from '../pdf/pdf-loader';
import { dismissEarlyPage, earlyPageState as state } from './early-page-state';
import { EDITOR_FRAME, layoutPages, openingZoom, type PageBox } from './layout';

export { dismissEarlyPage };

/** What the early page needs: the document (for its page sizes) and its PDF, opening. */
export interface EarlyPageSource {
  draft: Document;
  pdf: Promise<PDFDocumentProxy>;
}

/** A last guard: the early page never outlives an editor that failed to take over from it. */
const LONGEST_SHOWN_MS = 15_000;

function element(style: Partial<CSSStyleDeclaration>, ...children: HTMLElement[]): HTMLElement {
  const div = document.createElement('div');
  Object.assign(div.style, { boxSizing: 'border-box' }, style);
  div.append(...children);
  return div;
}

/**
 * The editor's frame with its panels empty and the page column holding page 1: the same boxes, sizes and scrolling
 * column as Editor and PageArea, so the browser places the page where the editor will (scroll bars included).
 */
function editorFrame(box: PageBox, columnHeight: number, canvas: HTMLCanvasElement): HTMLElement {
  const px = (value: number) => `${value}px`;
  const { line } = EDITOR_FRAME;
  canvas.style.cssText = `display:block;width:${px(box.width)};height:${px(box.height)}`;
  const page = element(
    {
      position: 'absolute',
      top: px(box.top),
      left: '50%',
      marginLeft: px(-box.width / 2),
      width: px(box.width),
      height: px(box.height),
      background: '#fff',
      boxShadow: EDITOR_FRAME.pageShadow,
    },
    canvas,
  );
  const column = element(
    { position: 'relative', height: px(columnHeight), minWidth: px(box.width + EDITOR_FRAME.columnMargin) },
    page,
  );
  const frame = element(
    { position: 'fixed', inset: '0', zIndex: '1000', display: 'flex', flexDirection: 'column', background: '#fff' },
    element({ height: px(EDITOR_FRAME.headerHeight), flexShrink: '0', borderBottom: line }),
    element(
      { flex: '1', display: 'flex', minHeight: '0' },
      element({ width: px(EDITOR_FRAME.fieldsBarWidth), borderRight: line }),
      element({ flex: '1', minWidth: '0', overflow: 'auto', background: EDITOR_FRAME.pageAreaBackground }, column),
      element({ width: px(EDITOR_FRAME.settingsWidth), borderLeft: line }),
      element({ width: px(EDITOR_FRAME.thumbnailsWidth), borderLeft: line }),
    ),
  );
  frame.id = 'early-page';
  // A picture of the page: assistive technology reads the app underneath (its loader, then the editor) instead.
  frame.setAttribute('aria-hidden', 'true');
  return frame;
}

/** Too narrow a window squeezes the editor's panels by their contents, which the empty frame cannot copy. */
const isWideEnough = () =>
  window.innerWidth > EDITOR_FRAME.fieldsBarWidth + EDITOR_FRAME.settingsWidth + EDITOR_FRAME.thumbnailsWidth;

async function draw(source: EarlyPageSource): Promise<void> {
  const sizes = source.draft.pdfMetadata?.pages ?? [];
  const { boxes, totalHeight } = layoutPages(sizes, openingZoom(window.innerWidth));
  const box = boxes[0];
  if (box === undefined || !isWideEnough()) return;
  const pdf = await source.pdf;
  const page = await pdf.getPage(1);
  if (state.isDismissed) return;
  // At the size PdfPageCanvas draws it, so that the editor can take this drawing over (takeDrawnPage).
  const viewport = pageViewport(page, box.width);
  const canvas = document.createElement('canvas');
  canvas.width = Math.floor(viewport.width);
  canvas.height = Math.floor(viewport.height);
  await page.render({ canvas, viewport }).promise;
  if (state.isDismissed) return;
  state.shell = editorFrame(box, totalHeight, canvas);
  document.body.append(state.shell);
  keepDrawnPage(pdf, 1, canvas);
  performance.mark('esign:page-rendered', { detail: { pageNumber: 1, width: box.width } });
  setTimeout(dismissEarlyPage, LONGEST_SHOWN_MS);
}

/**
 * Opened straight at the editor: its first page, drawn as soon as the PDF is here and shown in the editor's frame
 * above the app, which starts after it. The editor dismisses it once it has drawn that page itself; so does the
 * app when it shows another address or the editor cannot open. Settles once the page is shown, or known not to be.
 */
export function showEarlyPage(pathname: string, source: Promise<EarlyPageSource | null>): Promise<void> {
  state.path = pathname;
  return source
    .then(async (found) => {
      if (found) await draw(found);
    })
    .catch(() => undefined);
}
