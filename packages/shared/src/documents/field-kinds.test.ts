import { describe, expect, it } from 'vitest';
import { documentField, documentFieldResponse } from '../contracts/documents.js';
import { blankField, FIELD_KEYS, FIELD_KINDS, FIELD_TYPES, isFieldSigned, pickField } from './field-kinds.js';

const id = '00000000-0000-4000-8000-000000000001';

describe('field kinds', () => {
  it('has one entry for every field type, named by its own label key', () => {
    expect(Object.keys(FIELD_KINDS)).toEqual([...FIELD_TYPES]);
    for (const type of FIELD_TYPES) expect(FIELD_KINDS[type].labelKey).toBe(`fieldTypes.${type}`);
  });

  it('starts every type at least at its minimum size, square types square', () => {
    for (const kind of Object.values(FIELD_KINDS)) {
      expect(kind.defaultSize.width).toBeGreaterThanOrEqual(kind.minSize.width);
      expect(kind.defaultSize.height).toBeGreaterThanOrEqual(kind.minSize.height);
      if (kind.isSquare) {
        expect(kind.defaultSize.width).toBe(kind.defaultSize.height);
        expect(kind.minSize.width).toBe(kind.minSize.height);
      }
    }
  });

  it('names a saved signature kind exactly for the picture values', () => {
    for (const kind of Object.values(FIELD_KINDS)) {
      expect(kind.requisiteType !== null).toBe(kind.value === 'image');
    }
  });
});

describe('field keys', () => {
  it('are exactly the keys of the contract, which answers them with the signed flag', () => {
    expect(Object.keys(documentField.shape).sort()).toEqual([...FIELD_KEYS].sort());
    expect(Object.keys(documentFieldResponse.shape).sort()).toEqual([...FIELD_KEYS, 'signed'].sort());
  });

  it('pick a field out of an answer, dropping the signed flag', () => {
    const field = blankField({ id, type: 'text', text: 'Hello' });
    expect(pickField({ ...field, signed: true } as typeof field)).toEqual(field);
  });
});

describe('blankField', () => {
  it('makes a valid field of every type, with its default size, font and date format', () => {
    for (const type of FIELD_TYPES) {
      const field = blankField({ id, type });
      expect(documentField.parse(field)).toEqual(field);
      expect(Object.keys(field).sort()).toEqual([...FIELD_KEYS].sort());
      expect({ width: field.width, height: field.height }).toEqual(FIELD_KINDS[type].defaultSize);
      expect(field.fontFamily !== null).toBe(FIELD_KINDS[type].hasFont);
      expect(isFieldSigned(field)).toBe(false);
    }
    expect(blankField({ id, type: 'date' }).dateFormat).toBe('MM/DD/YYYY');
    expect(blankField({ id, type: 'text' })).toMatchObject({ fontFamily: 'arial', fontSize: 14, dateFormat: null });
  });

  it('takes the values given over the blank ones', () => {
    const field = blankField({ id, type: 'checkbox', pageNumber: 3, coordinateX: 5, width: 40, checked: true });
    expect(field).toMatchObject({ pageNumber: 3, coordinateX: 5, coordinateY: 0, width: 40, height: 25 });
    expect(isFieldSigned(field)).toBe(true);
  });
});
