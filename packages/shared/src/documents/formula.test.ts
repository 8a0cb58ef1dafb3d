import { describe, expect, it } from 'vitest';
import {
  checkFormula,
  evaluateFormula,
  evaluateFormulas,
  FORMULA_MAX_LENGTH,
  FormulaError,
  formulaReferences,
  parseFormula,
  roundTo,
} from './formula.js';

const calc = (source: string, numbers: Record<string, number | null> = {}) =>
  evaluateFormulas({ result: source }, numbers).result;

function formulaError(run: () => unknown): FormulaError {
  try {
    run();
  } catch (error) {
    if (error instanceof FormulaError) return error;
    throw error;
  }
  throw new Error('no FormulaError thrown');
}

describe('formula parser', () => {
  it('computes arithmetic with the usual precedence, left to right', () => {
    expect(calc('1 + 2 * 3')).toBe(7);
    expect(calc('(1 + 2) * 3')).toBe(9);
    expect(calc('10 - 4 - 3')).toBe(3);
    expect(calc('24 / 4 / 3')).toBe(2);
    expect(calc('2 * 3 + 4 * 5')).toBe(26);
    expect(calc('.5 + 1.25 + 2.')).toBe(3.75);
    expect(calc('1e3 / 4')).toBe(250);
  });

  it('reads unary minus and plus, also repeated and before parentheses', () => {
    expect(calc('-3 + 5')).toBe(2);
    expect(calc('--3')).toBe(3);
    expect(calc('-(2 + 3) * 2')).toBe(-10);
    expect(calc('4 * -2')).toBe(-8);
    expect(calc('+4 - +2')).toBe(2);
  });

  it('reads references by name, in braces when the name has spaces, without regard to case', () => {
    const numbers = { price: 12.5, qty: 4, 'Unit price': 3, 'line_1.qty': 2 };
    expect(calc('price * qty', numbers)).toBe(50);
    expect(calc('PRICE * Qty', numbers)).toBe(50);
    expect(calc('{unit  PRICE} * line_1.qty', numbers)).toBe(6);
    expect(formulaReferences(parseFormula('a + b * a + {Big  Total}'))).toEqual(['a', 'b', 'big total']);
  });

  it('counts an empty number field as zero', () => {
    expect(calc('a + b', { a: 2, b: null })).toBe(2);
  });

  it('has round with and without digits, half away from zero, and min, max, sum of any count', () => {
    expect(calc('round(2.5)')).toBe(3);
    expect(calc('round(-2.5)')).toBe(-3);
    expect(calc('round(1.005, 2)')).toBe(1.01);
    expect(calc('round(1234.5678, 1)')).toBe(1234.6);
    expect(calc('ROUND(10 / 3, 2)')).toBe(3.33);
    expect(calc('min(3, 1, 2)')).toBe(1);
    expect(calc('max(3, 1 + 9, 2)')).toBe(10);
    expect(calc('sum(a, b, 3)', { a: 1, b: 2 })).toBe(6);
    expect(calc('sum(4)')).toBe(4);
    expect(roundTo(-0.0001, 2)).toBe(0);
  });

  it('lets formulas read other formulas in order of dependence', () => {
    const result = evaluateFormulas(
      { total: 'subtotal + tax', tax: 'round(subtotal * 0.2, 2)', subtotal: 'price * qty' },
      { price: 9.99, qty: 3 },
    );
    expect(result).toEqual({ total: 35.96, tax: 5.99, subtotal: 29.97 });
    expect(evaluateFormulas({ a: '1', b: 'a + 1' }, {}, ['b'])).toEqual({ b: 2 });
  });

  it('refuses bad syntax with where and what', () => {
    const cases: [string, string, number | null][] = [
      ['1 +', 'unexpected end of formula', 3],
      ['(1 + 2', "expected ')', found end of formula", 6],
      ['1 + 2)', "unexpected ')'", 5],
      ['2 * * 3', "unexpected '*'", 4],
      ['1 $ 2', "unexpected '$'", 2],
      ['price qty', "unexpected 'qty'", 6],
      ['', 'unexpected end of formula', 0],
      ['pow(2, 3)', "unknown function 'pow'", 0],
      ['{total', "'{' without '}'", 0],
      ['{ }', 'empty name in braces', 0],
      ['1..2', "unexpected '0.2'", 2],
    ];
    for (const [source, detail, position] of cases) {
      const error = formulaError(() => parseFormula(source));
      expect([source, error.code, error.detail, error.position]).toEqual([source, 'syntax', detail, position]);
    }
    expect(formulaError(() => parseFormula('1 +')).message).toBe(
      'Formula syntax error at 4: unexpected end of formula',
    );
  });

  it('refuses a function called with the wrong number of arguments', () => {
    expect(formulaError(() => parseFormula('round()')).code).toBe('arguments');
    expect(formulaError(() => parseFormula('round(1, 2, 3)')).code).toBe('arguments');
    expect(formulaError(() => parseFormula('max()')).detail).toBe('max() with 0');
  });

  it('refuses an unknown reference, naming it', () => {
    const error = formulaError(() => calc('price * quantity', { price: 1 }));
    expect([error.code, error.detail]).toEqual(['unknownReference', 'quantity']);
  });

  it('refuses a division by zero, also by an empty field', () => {
    expect(formulaError(() => calc('1 / 0')).code).toBe('divisionByZero');
    expect(formulaError(() => calc('a / b', { a: 3, b: null })).code).toBe('divisionByZero');
    expect(formulaError(() => calc('1 / (2 - 2)')).message).toBe('Formula divides by zero: 1 / 0');
  });

  it('refuses a cycle, naming the chain, also of a formula reading itself', () => {
    const error = formulaError(() => evaluateFormulas({ a: 'b + 1', b: 'c * 2', c: 'a' }, {}));
    expect([error.code, error.detail]).toEqual(['cycle', 'a -> b -> c -> a']);
    expect(formulaError(() => evaluateFormulas({ a: 'a + 1' }, {})).detail).toBe('a -> a');
  });

  it('refuses what would exhaust the stack or run long', () => {
    expect(formulaError(() => parseFormula('1+'.repeat(FORMULA_MAX_LENGTH))).code).toBe('tooLong');
    expect(formulaError(() => parseFormula(`${'('.repeat(60)}1${')'.repeat(60)}`)).code).toBe('tooLong');
    expect(formulaError(() => parseFormula(`${'-'.repeat(60)}1`)).code).toBe('tooLong');
    expect(calc(`${'('.repeat(40)}1${')'.repeat(40)}`)).toBe(1);
  });

  it('never runs code: names that look like JavaScript are only names', () => {
    expect(formulaError(() => calc('constructor')).code).toBe('unknownReference');
    expect(formulaError(() => calc('__proto__')).code).toBe('unknownReference');
    expect(formulaError(() => parseFormula('alert("x")')).code).toBe('syntax');
    expect(formulaError(() => parseFormula('a[0]')).code).toBe('syntax');
  });

  it('evaluates a parsed tree with a resolver', () => {
    expect(evaluateFormula(parseFormula('x * 2'), (name) => (name === 'x' ? 21 : 0))).toBe(42);
  });

  it('checks a formula for the editor without computing it', () => {
    const formulas = { total: 'subtotal * 1.2', subtotal: 'price * qty', loop: 'loop2', loop2: 'loop' };
    expect(checkFormula('total', formulas, ['price', 'qty'])).toBeNull();
    expect(checkFormula('total', { total: 'a / (b - 1)' }, ['a', 'b'])).toBeNull();
    expect(checkFormula('subtotal', formulas, ['price'])?.code).toBe('unknownReference');
    expect(checkFormula('loop', formulas, [])?.detail).toBe('loop -> loop2 -> loop');
    expect(checkFormula('bad', { bad: '1 +' }, [])?.code).toBe('syntax');
  });
});
