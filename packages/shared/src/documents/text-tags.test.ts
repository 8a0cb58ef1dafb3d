import { describe, expect, it } from 'vitest';
import { findTextTags, parseTextTag } from './text-tags.js';

describe('parseTextTag', () => {
  it('reads the type and the signer number, required by default', () => {
    expect(parseTextTag('signature:1')).toEqual({
      tag: { type: 'signature', signer: 1, required: true, settings: null },
    });
    expect(parseTextTag(' Date : 2 ')).toEqual({ tag: { type: 'date', signer: 2, required: true, settings: null } });
  });

  it('reads required, optional, name= and options=', () => {
    expect(parseTextTag('date:2;required').tag?.required).toBe(true);
    expect(parseTextTag('text:1;optional').tag?.required).toBe(false);
    expect(parseTextTag('number:3; name=Seats').tag).toEqual({
      type: 'number',
      signer: 3,
      required: true,
      settings: { name: 'Seats' },
    });
    expect(parseTextTag('dropdown:1;options=Basic|Pro|Team').tag).toEqual({
      type: 'dropdown',
      signer: 1,
      required: true,
      settings: { choices: ['Basic', 'Pro', 'Team'] },
    });
    expect(parseTextTag('radio:2;options= Yes | No ;name=Agree;optional').tag).toEqual({
      type: 'radio',
      signer: 2,
      required: false,
      settings: { choices: ['Yes', 'No'], name: 'Agree' },
    });
  });

  it('reports a type we do not have', () => {
    expect(parseTextTag('payment:1')).toEqual({ problem: 'unknownType' });
    expect(parseTextTag('fullname')).toEqual({ problem: 'unknownType' });
    // A formula needs its expression, written in the editor.
    expect(parseTextTag('formula:1')).toEqual({ problem: 'unknownType' });
  });

  it('reports a tag that does not follow the syntax', () => {
    for (const inner of [
      'signature',
      'signature:',
      'signature:0',
      'signature:100',
      'signature:one',
      'signature:1;colour=red',
      'signature:1;required;optional',
      'text:1;required;required',
      'signature:1;options=a|b',
      'signature:1;name=Sig',
      'dropdown:1',
      'dropdown:1;options=a||b',
      'dropdown:1;options=a|a',
      'text:1;name=1abc',
      '',
      ':1',
    ]) {
      expect(parseTextTag(inner), inner).toEqual({ problem: 'malformed' });
    }
  });
});

describe('findTextTags', () => {
  it('finds every tag of a line with where it is, understood or not', () => {
    const line = 'Sign here {{signature:1}} on {{date:2;required}} and {{payment:1}}.';
    const found = findTextTags(line);
    expect(found.map((tag) => tag.text)).toEqual(['{{signature:1}}', '{{date:2;required}}', '{{payment:1}}']);
    expect(line.slice(found[1]?.start, found[1]?.end)).toBe('{{date:2;required}}');
    expect(found.map((tag) => tag.parsed.problem ?? tag.parsed.tag.type)).toEqual(['signature', 'date', 'unknownType']);
  });

  it('finds nothing in text without double braces', () => {
    expect(findTextTags('A {single} brace and }} {{ no tag')).toEqual([]);
  });
});
