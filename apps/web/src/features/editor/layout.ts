import { type FieldSize, PAGE_WIDTH_PX, ZOOM } from '@esign/shared';

/** Vertical gap between pages, in CSS pixels. */
export const PAGE_GAP_PX = 16;

/**
 * The editor's frame, shared by its components and by the first page drawn before the app starts (early-page.ts),
 * which must sit exactly where the editor then draws it.
 */
export const EDITOR_FRAME = {
  headerHeight: 56,
  fieldsBarWidth: 150,
  settingsWidth: 260,
  thumbnailsWidth: 150,
  line: '1px solid var(--mantine-color-gray-3)',
  pageAreaBackground: '#e9ecef',
  pageShadow: '0 1px 4px rgba(0, 0, 0, 0.2)',
  /** The page column is this much wider than its page, so that a zoomed page can be scrolled to its edges. */
  columnMargin: 32,
} as const;

export interface PageBox {
  /** 1-based, as fields name pages. */
  pageNumber: number;
  top: number;
  width: number;
  height: number;
  /** CSS pixels per PDF point. */
  scale: number;
  /** The page in PDF points. */
  points: FieldSize;
}

/**
 * The zoom the editor opens at in a window this wide: 100%, or the largest 5% step below it at which the page
 * and its column margin fit between the side panels (a 752 px page is not cut off in a 720 px viewer).
 */
export function openingZoom(windowWidth: number): number {
  const viewer = windowWidth - EDITOR_FRAME.fieldsBarWidth - EDITOR_FRAME.settingsWidth - EDITOR_FRAME.thumbnailsWidth;
  const fits = Math.floor(((viewer - EDITOR_FRAME.columnMargin) / PAGE_WIDTH_PX) * 20) / 20;
  return Math.max(ZOOM.min, Math.min(ZOOM.default, fits));
}

/** Every page box of the page column: each page is 752 px wide at 100% (spec section 9). */
export function layoutPages(pages: readonly FieldSize[], zoom: number): { boxes: PageBox[]; totalHeight: number } {
  const boxes: PageBox[] = [];
  let top = PAGE_GAP_PX;
  pages.forEach((points, index) => {
    const scale = (PAGE_WIDTH_PX * zoom) / points.width;
    const box = {
      pageNumber: index + 1,
      top,
      width: PAGE_WIDTH_PX * zoom,
      height: points.height * scale,
      scale,
      points,
    };
    boxes.push(box);
    top += box.height + PAGE_GAP_PX;
  });
  return { boxes, totalHeight: top };
}

/** The first page whose bottom is below `y` (binary search over the column). */
function firstPageBelow(boxes: readonly PageBox[], y: number): number {
  let low = 0;
  let high = boxes.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    const box = boxes[middle];
    if (box !== undefined && box.top + box.height < y) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The indexes of pages to mount: those in the viewport plus `overscan` pixels above and below, at most
 * `maxPages` (the ones nearest the viewport's centre win).
 */
export function pagesToMount(
  boxes: readonly PageBox[],
  viewport: { top: number; height: number },
  overscan: number,
  maxPages: number,
): number[] {
  if (boxes.length === 0) return [];
  const first = firstPageBelow(boxes, viewport.top - overscan);
  const bottom = viewport.top + viewport.height + overscan;
  const indexes: number[] = [];
  for (let index = first; index < boxes.length; index++) {
    const box = boxes[index];
    if (box === undefined || box.top > bottom) break;
    indexes.push(index);
  }
  if (indexes.length <= maxPages) return indexes;
  const centre = viewport.top + viewport.height / 2;
  const distance = (index: number) => {
    const box = boxes[index];
    return box === undefined ? Number.POSITIVE_INFINITY : Math.abs(box.top + box.height / 2 - centre);
  };
  return [...indexes]
    .sort((a, b) => distance(a) - distance(b))
    .slice(0, maxPages)
    .sort((a, b) => a - b);
}

/** The index of the visible page nearest the viewport's centre: paste and click-to-add put fields there. */
export function mostCentralPage(boxes: readonly PageBox[], viewport: { top: number; height: number }): number {
  const centre = viewport.top + viewport.height / 2;
  let best = 0;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const index of pagesToMount(boxes, viewport, 0, boxes.length)) {
    const box = boxes[index];
    if (box === undefined) continue;
    const distance =
      centre < box.top ? box.top - centre : centre > box.top + box.height ? centre - box.top - box.height : 0;
    if (distance < bestDistance) {
      best = index;
      bestDistance = distance;
    }
  }
  return best;
}

/** The centre of a page's visible part, in PDF points of that page. */
export function visibleCentre(box: PageBox, viewport: { top: number; height: number }): { x: number; y: number } {
  const top = Math.max(box.top, viewport.top);
  const bottom = Math.min(box.top + box.height, viewport.top + viewport.height);
  const y = bottom > top ? (top + bottom) / 2 - box.top : box.height / 2;
  return { x: box.points.width / 2, y: y / box.scale };
}

/** The next 25% step up or down; from a zoom between steps (the opening zoom) the nearest step that way. */
export function stepZoom(zoom: number, direction: 1 | -1): number {
  const steps = zoom / ZOOM.step;
  const next = direction === 1 ? (Math.floor(steps + 1e-9) + 1) * ZOOM.step : (Math.ceil(steps - 1e-9) - 1) * ZOOM.step;
  return Math.min(ZOOM.max, Math.max(ZOOM.min, next));
}

export interface Box {
  coordinateX: number;
  coordinateY: number;
  width: number;
  height: number;
}

/** A box moved by a pointer delta in CSS pixels, kept on its page. */
export function movedBox(start: Box, delta: { x: number; y: number }, scale: number, page: FieldSize): Box {
  const x = start.coordinateX + delta.x / scale;
  const y = start.coordinateY + delta.y / scale;
  return {
    ...start,
    coordinateX: Math.max(0, Math.min(x, page.width - start.width)),
    coordinateY: Math.max(0, Math.min(y, page.height - start.height)),
  };
}

/** A box resized from its bottom-right corner, at least its minimum size, square when asked, kept on its page. */
export function resizedBox(
  start: Box,
  delta: { x: number; y: number },
  scale: number,
  page: FieldSize,
  min: FieldSize,
  isSquare: boolean,
): Box {
  let width = Math.max(min.width, Math.min(start.width + delta.x / scale, page.width - start.coordinateX));
  let height = Math.max(min.height, Math.min(start.height + delta.y / scale, page.height - start.coordinateY));
  if (isSquare) {
    const side = Math.max(width, height);
    const limit = Math.min(page.width - start.coordinateX, page.height - start.coordinateY);
    width = Math.max(min.width, Math.min(side, limit));
    height = width;
  }
  return { ...start, width, height };
}
