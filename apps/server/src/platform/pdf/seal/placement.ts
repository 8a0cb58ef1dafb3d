/**
 * Field coordinates are PDF points on the page as a reader displays it: the visible box (crop box within the
 * media box) turned clockwise by the page's /Rotate, origin at the top-left corner, y downwards. Drawing happens
 * in the page's user space (origin bottom-left of the unrotated page, y upwards). A `Placement` says where a
 * displayed point lands in user space and by how much to turn what is drawn there so it reads upright.
 */

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type PageRotation = 0 | 90 | 180 | 270;

export interface PageFrame {
  /** The visible box in user space (lower-left corner and size). */
  visible: Box;
  rotation: PageRotation;
}

export interface Point {
  x: number;
  y: number;
}

/** The page's size as displayed (what the editor shows and `pdfMetadata` records). */
export function displayedSize(frame: PageFrame): { width: number; height: number } {
  const turned = frame.rotation === 90 || frame.rotation === 270;
  return turned
    ? { width: frame.visible.height, height: frame.visible.width }
    : { width: frame.visible.width, height: frame.visible.height };
}

/** User-space point of a displayed point (top-left origin, y downwards). */
export function displayedToUser(frame: PageFrame, point: Point): Point {
  const { x: x0, y: y0, width, height } = frame.visible;
  const x1 = x0 + width;
  const y1 = y0 + height;
  switch (frame.rotation) {
    case 0:
      return { x: x0 + point.x, y: y1 - point.y };
    case 90:
      return { x: x0 + point.y, y: y0 + point.x };
    case 180:
      return { x: x1 - point.x, y: y0 + point.y };
    case 270:
      return { x: x1 - point.y, y: y1 - point.x };
  }
}

/**
 * A field box's drawing frame: `origin` is the box's displayed bottom-left corner in user space and `angle`
 * (degrees, counter-clockwise) turns local axes (x right, y up, as displayed) into user space. Drawing at local
 * (lx, ly) inside the box means drawing at `localToUser(placement, lx, ly)` turned by `angle`.
 */
export interface Placement {
  origin: Point;
  angle: PageRotation;
}

export function placeBox(frame: PageFrame, box: Box): Placement {
  return { origin: displayedToUser(frame, { x: box.x, y: box.y + box.height }), angle: frame.rotation };
}

export function localToUser(placement: Placement, lx: number, ly: number): Point {
  const radians = (placement.angle * Math.PI) / 180;
  const cos = Math.round(Math.cos(radians));
  const sin = Math.round(Math.sin(radians));
  return { x: placement.origin.x + lx * cos - ly * sin, y: placement.origin.y + lx * sin + ly * cos };
}

/** The visible box: the crop box clipped to the media box (as readers show it), normalised to positive sizes. */
export function visibleBox(mediaBox: Box, cropBox: Box): Box {
  const media = normalise(mediaBox);
  const crop = normalise(cropBox);
  const x0 = Math.max(media.x, crop.x);
  const y0 = Math.max(media.y, crop.y);
  const x1 = Math.min(media.x + media.width, crop.x + crop.width);
  const y1 = Math.min(media.y + media.height, crop.y + crop.height);
  if (x1 <= x0 || y1 <= y0) return media;
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

function normalise(box: Box): Box {
  return {
    x: Math.min(box.x, box.x + box.width),
    y: Math.min(box.y, box.y + box.height),
    width: Math.abs(box.width),
    height: Math.abs(box.height),
  };
}

export function normaliseRotation(degrees: number): PageRotation {
  const turned = (((Math.round(degrees / 90) * 90) % 360) + 360) % 360;
  return turned as PageRotation;
}
