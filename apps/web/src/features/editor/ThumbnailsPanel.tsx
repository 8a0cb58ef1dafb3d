import type { FieldSize } from '@esign/shared';
import { Stack, Text, Title, UnstyledButton } from '@mantine/core';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n';
import { PdfPageCanvas } from '../pdf/PdfPageCanvas';
import { EDITOR_FRAME } from './layout';

const THUMBNAIL_WIDTH = 100;

/**
 * 'Pages (n)': a thumbnail per page, drawn only while it is in view; a click scrolls the page into view. The list
 * mounts once the page column has drawn its first page: a hundred thumbnails must not hold the first page up.
 */
export function ThumbnailsPanel({
  pages,
  pdf,
  onPick,
}: {
  pages: readonly FieldSize[];
  /** Null until the page column has drawn its first page: thumbnails never hold the first page up. */
  pdf: PDFDocumentProxy | null;
  onPick: (pageNumber: number) => void;
}) {
  const { t } = useTranslation();
  const listRef = useRef<HTMLDivElement>(null);
  return (
    <Stack
      component="aside"
      aria-label={t('editor.pages', { count: pages.length })}
      gap="xs"
      p="sm"
      w={EDITOR_FRAME.thumbnailsWidth}
      style={{ borderLeft: EDITOR_FRAME.line, overflow: 'hidden' }}
    >
      <Title order={2} size="sm">
        {t('editor.pages', { count: pages.length })}
      </Title>
      <Stack ref={listRef} gap="sm" style={{ overflowY: 'auto', flex: 1 }}>
        {pdf !== null &&
          pages.map((page, index) => (
            <Thumbnail
              // Pages never move while the editor is open.
              // biome-ignore lint/suspicious/noArrayIndexKey: a page's number is its identity
              key={index}
              pageNumber={index + 1}
              page={page}
              pdf={pdf}
              root={listRef}
              onPick={onPick}
            />
          ))}
      </Stack>
    </Stack>
  );
}

function Thumbnail({
  pageNumber,
  page,
  pdf,
  root,
  onPick,
}: {
  pageNumber: number;
  page: FieldSize;
  pdf: PDFDocumentProxy;
  root: React.RefObject<HTMLDivElement | null>;
  onPick: (pageNumber: number) => void;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLButtonElement>(null);
  const [isVisible, setVisible] = useState(false);
  const height = (page.height * THUMBNAIL_WIDTH) / page.width;

  useEffect(() => {
    const element = ref.current;
    if (element === null) return;
    const observer = new IntersectionObserver(([entry]) => setVisible(entry?.isIntersecting ?? false), {
      root: root.current,
      rootMargin: '200px 0px',
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [root]);

  return (
    <UnstyledButton
      ref={ref}
      onClick={() => onPick(pageNumber)}
      aria-label={t('editor.page', { page: pageNumber })}
      style={{ alignSelf: 'center' }}
    >
      <div style={{ width: THUMBNAIL_WIDTH, height, background: '#fff', border: '1px solid #dee2e6' }}>
        {isVisible && <PdfPageCanvas pdf={pdf} pageNumber={pageNumber} width={THUMBNAIL_WIDTH} height={height} />}
      </div>
      <Text size="xs" ta="center">
        {pageNumber}
      </Text>
    </UnstyledButton>
  );
}
