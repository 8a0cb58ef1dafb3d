import type { DocumentField, FieldSize, Requisite, Signer } from '@esign/shared';
import { Box, Text } from '@mantine/core';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import {
  type ReactNode,
  type RefObject,
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from '../../i18n';
import { ConditionLink } from './ConditionLink';
import { EDITOR_FRAME, layoutPages, mostCentralPage, type PageBox, pagesToMount, visibleCentre } from './layout';
import { type PageCallbacks, PageView } from './PageView';

/** At most this many pages are mounted, however far the view is zoomed out. */
export const MAX_MOUNTED_PAGES = 10;

export interface EditorViewport {
  scrollToPage: (pageNumber: number) => void;
  /** Scrolls a field into the middle of the view. */
  scrollToField: (field: { pageNumber: number; coordinateY: number; height: number }) => void;
  /** Where a new or pasted field goes: the centre of the most central visible page, in its PDF points. */
  placement: () => { pageNumber: number; center: { x: number; y: number }; page: FieldSize } | null;
}

interface PageAreaProps extends Omit<PageCallbacks, 'onRendered'> {
  pages: readonly FieldSize[];
  zoom: number;
  pdf: PDFDocumentProxy | null;
  fieldsByPage: ReadonlyMap<number, DocumentField[]>;
  selectedId: string | null;
  signersById: ReadonlyMap<string, Signer>;
  requisitesById: ReadonlyMap<string, Requisite>;
  /** The popup of the selected field; given only to the page that holds it. */
  popup: ReactNode;
  popupPageNumber: number | null;
  viewportRef: RefObject<EditorViewport | null>;
  onFirstRender: (isRendered: true) => void;
}

const NO_FIELDS: DocumentField[] = [];

const isInView = (box: PageBox, viewport: { top: number; height: number }) =>
  box.top < viewport.top + viewport.height && box.top + box.height > viewport.top;

/** The scrolling column of pages, virtualised: only the pages near the viewport are mounted and drawn. */
export function PageArea({
  pages,
  zoom,
  pdf,
  fieldsByPage,
  viewportRef,
  onFirstRender,
  popup,
  popupPageNumber,
  ...rest
}: PageAreaProps) {
  const { t } = useTranslation();
  const scrollRef = useRef<HTMLElement>(null);
  const [viewport, setViewport] = useState({ top: 0, height: 800 });
  const [rendered, setRendered] = useState<ReadonlySet<string>>(new Set());
  const { boxes, totalHeight } = useMemo(() => layoutPages(pages, zoom), [pages, zoom]);
  const previousHeight = useRef(totalHeight);

  const measure = useCallback(() => {
    const element = scrollRef.current;
    if (element) setViewport({ top: element.scrollTop, height: element.clientHeight });
  }, []);

  useEffect(() => {
    const element = scrollRef.current;
    if (element === null) return;
    let frame = 0;
    const onScroll = () => {
      if (frame === 0) {
        frame = requestAnimationFrame(() => {
          frame = 0;
          measure();
        });
      }
    };
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    element.addEventListener('scroll', onScroll, { passive: true });
    measure();
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      element.removeEventListener('scroll', onScroll);
    };
  }, [measure]);

  // A new zoom keeps the same part of the document in view.
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (element && previousHeight.current !== totalHeight && previousHeight.current > 0) {
      element.scrollTop = (element.scrollTop * totalHeight) / previousHeight.current;
      measure();
    }
    previousHeight.current = totalHeight;
  }, [totalHeight, measure]);

  useImperativeHandle(
    viewportRef,
    () => ({
      scrollToPage: (pageNumber) => {
        const box = boxes[pageNumber - 1];
        if (box && scrollRef.current) scrollRef.current.scrollTop = box.top - 16;
      },
      scrollToField: (field) => {
        const box = boxes[field.pageNumber - 1];
        const element = scrollRef.current;
        if (box === undefined || element === null) return;
        const middle = box.top + (field.coordinateY + field.height / 2) * box.scale;
        element.scrollTop = Math.max(0, middle - element.clientHeight / 2);
      },
      placement: () => {
        const element = scrollRef.current;
        if (element === null || boxes.length === 0) return null;
        const current = { top: element.scrollTop, height: element.clientHeight };
        const box = boxes[mostCentralPage(boxes, current)];
        if (box === undefined) return null;
        return { pageNumber: box.pageNumber, center: visibleCentre(box, current), page: box.points };
      },
    }),
    [boxes],
  );

  const mounted = pagesToMount(boxes, viewport, viewport.height, MAX_MOUNTED_PAGES);
  const renderKey = (pageNumber: number) => `${zoom}:${pageNumber}`;
  const onRendered = useCallback(
    (pageNumber: number) => {
      setRendered((current) => new Set(current).add(`${zoom}:${pageNumber}`));
      onFirstRender(true);
    },
    [zoom, onFirstRender],
  );
  const hasRendered = rendered.size > 0;
  const renderedCount = mounted.filter((index) => rendered.has(renderKey(index + 1))).length;

  return (
    <Box pos="relative" style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
      {renderedCount < mounted.length && (
        <Text
          size="sm"
          role="status"
          pos="absolute"
          top={8}
          left="50%"
          bg="white"
          px="sm"
          style={{ transform: 'translateX(-50%)', zIndex: 3, borderRadius: 4, boxShadow: '0 1px 3px rgba(0,0,0,.2)' }}
        >
          {t('editor.loadingPages', { loaded: renderedCount, total: mounted.length })}
        </Text>
      )}
      <section
        ref={scrollRef}
        data-testid="editor-scroll"
        // The pages scroll by keyboard too: the region takes focus (axe: scrollable-region-focusable).
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is focusable so keys scroll it.
        tabIndex={0}
        aria-label={t('editor.pagesRegion')}
        style={{ flex: 1, overflow: 'auto', background: EDITOR_FRAME.pageAreaBackground, position: 'relative' }}
      >
        <div
          style={{
            position: 'relative',
            height: totalHeight,
            minWidth: (boxes[0]?.width ?? 0) + EDITOR_FRAME.columnMargin,
          }}
        >
          {mounted.map((index) => {
            const box = boxes[index];
            if (box === undefined) return null;
            return (
              <PageView
                key={box.pageNumber}
                box={box}
                // Until a first page is drawn, only the pages in view are drawn: they come first.
                pdf={hasRendered || isInView(box, viewport) ? pdf : null}
                fields={fieldsByPage.get(box.pageNumber) ?? NO_FIELDS}
                onRendered={onRendered}
                popup={box.pageNumber === popupPageNumber ? popup : null}
                {...rest}
              />
            );
          })}
          <ConditionLink columnRef={scrollRef} fieldsByPage={fieldsByPage} boxes={boxes} selectedId={rest.selectedId} />
        </div>
      </section>
    </Box>
  );
}
