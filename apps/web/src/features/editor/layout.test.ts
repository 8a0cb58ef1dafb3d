import { describe, expect, it } from 'vitest';
import {
  layoutPages,
  mostCentralPage,
  movedBox,
  openingZoom,
  PAGE_GAP_PX,
  pagesToMount,
  resizedBox,
  stepZoom,
  visibleCentre,
} from './layout';

const letter = { width: 612, height: 792 };
const hundred = Array.from({ length: 100 }, () => letter);

describe('page layout', () => {
  it('makes every page 752 px wide at 100% and scales with the zoom', () => {
    const { boxes } = layoutPages([letter, { width: 306, height: 396 }], 1);
    expect(boxes[0]).toMatchObject({ top: PAGE_GAP_PX, width: 752 });
    expect(boxes[0]?.height).toBeCloseTo(973.18, 1);
    expect(boxes[1]?.width).toBe(752);
    expect(layoutPages([letter], 0.5).boxes[0]?.width).toBe(376);
  });

  it('mounts only the pages near the viewport of a long document, at most the limit', () => {
    const { boxes } = layoutPages(hundred, 1);
    const top = boxes[50]?.top ?? 0;
    const mounted = pagesToMount(boxes, { top, height: 900 }, 1000, 12);
    expect(mounted).toEqual([49, 50, 51]);
    const zoomedOut = layoutPages(hundred, 0.25).boxes;
    expect(pagesToMount(zoomedOut, { top: 0, height: 4000 }, 1000, 12)).toHaveLength(12);
    expect(pagesToMount([], { top: 0, height: 900 }, 1000, 12)).toEqual([]);
  });

  it('finds the most central visible page and the centre of its visible part', () => {
    const { boxes } = layoutPages(hundred, 1);
    const top = (boxes[10]?.top ?? 0) + 800;
    const index = mostCentralPage(boxes, { top, height: 600 });
    expect(index).toBe(11);
    const box = boxes[11];
    if (!box) throw new Error('no page');
    const centre = visibleCentre(box, { top, height: 600 });
    expect(centre.x).toBe(306);
    // Page 12 shows from its top to the viewport's bottom: the centre is halfway down that part.
    const visibleTop = box.top;
    const visibleBottom = top + 600;
    expect(centre.y * box.scale + box.top).toBeCloseTo((visibleTop + visibleBottom) / 2, 5);
  });

  it('steps the zoom by 25% between 25% and 300%', () => {
    expect(stepZoom(1, 1)).toBe(1.25);
    expect(stepZoom(0.25, -1)).toBe(0.25);
    expect(stepZoom(3, 1)).toBe(3);
    expect(stepZoom(0.5, -1)).toBe(0.25);
  });

  it('moves a box in points and keeps it on its page', () => {
    const start = { coordinateX: 100, coordinateY: 100, width: 110, height: 25 };
    expect(movedBox(start, { x: 20, y: 10 }, 2, letter)).toMatchObject({ coordinateX: 110, coordinateY: 105 });
    expect(movedBox(start, { x: -1000, y: 5000 }, 1, letter)).toMatchObject({ coordinateX: 0, coordinateY: 767 });
  });

  it('resizes a box no smaller than its minimum, a checkbox square', () => {
    const start = { coordinateX: 100, coordinateY: 100, width: 110, height: 25 };
    expect(resizedBox(start, { x: -500, y: -500 }, 1, letter, { width: 15, height: 15 }, false)).toMatchObject({
      width: 15,
      height: 15,
    });
    const box = { coordinateX: 0, coordinateY: 0, width: 25, height: 25 };
    expect(resizedBox(box, { x: 30, y: 4 }, 1, letter, { width: 10, height: 10 }, true)).toMatchObject({
      width: 55,
      height: 55,
    });
  });

  it('opens at the largest zoom at which the page fits its viewer', () => {
    // Cause: the editor always opened at 100% (752 px), so in a 1280 px window, whose viewer between the panels is
    // 720 px, the page's right side was cut off until the user zoomed out.
    expect(openingZoom(1280)).toBe(0.9);
    expect(openingZoom(1920)).toBe(1);
    expect(openingZoom(400)).toBe(0.25);
  });
});
