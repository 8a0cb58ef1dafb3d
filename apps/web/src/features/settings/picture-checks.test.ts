import { describe, expect, it } from 'vitest';
import { pictureProblem } from './picture-checks';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0]);
const BMP = new Uint8Array([0x42, 0x4d, 0, 0]);
const GIF = new Uint8Array([0x47, 0x49, 0x46, 0x38]);

describe('pictureProblem', () => {
  it('takes .jpg, .jpeg, .png and .bmp whose content is one of them', () => {
    expect(pictureProblem({ name: 'me.PNG', size: 10 }, PNG)).toBeNull();
    expect(pictureProblem({ name: 'me.jpeg', size: 10 }, JPEG)).toBeNull();
    expect(pictureProblem({ name: 'me.jpg', size: 10 }, JPEG)).toBeNull();
    expect(pictureProblem({ name: 'me.bmp', size: 10 }, BMP)).toBeNull();
  });

  it('refuses another type by name or by content, and a file over 5 MB', () => {
    expect(pictureProblem({ name: 'me.gif', size: 10 }, GIF)).toBe('format');
    expect(pictureProblem({ name: 'me.png', size: 10 }, GIF)).toBe('format');
    expect(pictureProblem({ name: 'png', size: 10 }, PNG)).toBe('format');
    expect(pictureProblem({ name: 'me.png', size: 5 * 1024 * 1024 + 1 }, PNG)).toBe('size');
  });
});
