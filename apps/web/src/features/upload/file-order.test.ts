import { describe, expect, it } from 'vitest';
import { moveById, moveItem, orderPayload, sortByOrder } from './file-order';

describe('moveItem', () => {
  it('moves an item to a new place without changing the input', () => {
    const items = ['a', 'b', 'c', 'd'];
    expect(moveItem(items, 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveItem(items, 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(items).toEqual(['a', 'b', 'c', 'd']);
  });

  it('clamps the target and ignores an unknown source', () => {
    expect(moveItem(['a', 'b'], 0, 9)).toEqual(['b', 'a']);
    expect(moveItem(['a', 'b'], 1, -3)).toEqual(['b', 'a']);
    expect(moveItem(['a', 'b'], 5, 0)).toEqual(['a', 'b']);
  });
});

describe('moveById', () => {
  const parts = [{ id: 'pdf' }, { id: 'docx' }, { id: 'png' }];
  const ids = (list: { id: string }[]) => list.map((item) => item.id);

  it('moves one place up or down', () => {
    expect(ids(moveById(parts, 'png', -1))).toEqual(['pdf', 'png', 'docx']);
    expect(ids(moveById(parts, 'pdf', 1))).toEqual(['docx', 'pdf', 'png']);
  });

  it('stays put at the ends and for an unknown id', () => {
    expect(ids(moveById(parts, 'pdf', -1))).toEqual(['pdf', 'docx', 'png']);
    expect(ids(moveById(parts, 'png', 1))).toEqual(['pdf', 'docx', 'png']);
    expect(ids(moveById(parts, 'nope', 1))).toEqual(['pdf', 'docx', 'png']);
  });
});

describe('orderPayload', () => {
  it('names every part once, ordered from 0', () => {
    expect(orderPayload(['c', 'a', 'b'])).toEqual({
      parts: [
        { id: 'c', order: 0 },
        { id: 'a', order: 1 },
        { id: 'b', order: 2 },
      ],
    });
  });
});

describe('sortByOrder', () => {
  it('sorts by order without changing the input', () => {
    const parts = [
      { id: 'b', order: 2 },
      { id: 'a', order: 0 },
      { id: 'c', order: 1 },
    ];
    expect(sortByOrder(parts).map((part) => part.id)).toEqual(['a', 'c', 'b']);
    expect(parts[0]?.id).toBe('b');
  });
});
