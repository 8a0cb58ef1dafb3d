import { formulaName } from './field-name.js';
/**
 * A formula field's expression: a small parser and evaluator, never `eval` or `Function`. The signer page recomputes
 * it as the signer types and the server recomputes it on submit, both through `evaluateFormulas`.
 *
 * Grammar: numbers (`12`, `0.5`, `.5`), `+ - * /`, parentheses, unary minus and plus, references to other fields by
 * their name (`price`, `line_1.qty`, or any name in braces: `{Unit price}`), and the functions `round(x[, digits])`,
 * `min(a, ...)`, `max(a, ...)` and `sum(a, ...)`. Names are matched without regard to case.
 */

export type FormulaErrorCode = 'syntax' | 'unknownReference' | 'divisionByZero' | 'cycle' | 'arguments' | 'tooLong';

/** Why a formula cannot be read or computed; `detail` is the offending name, token or function. */
export class FormulaError extends Error {
  constructor(
    readonly code: FormulaErrorCode,
    readonly detail: string,
    readonly position: number | null = null,
  ) {
    super(
      {
        syntax: `Formula syntax error${position === null ? '' : ` at ${position + 1}`}: ${detail}`,
        unknownReference: `Formula refers to an unknown field: ${detail}`,
        divisionByZero: `Formula divides by zero: ${detail}`,
        cycle: `Formulas refer to each other in a cycle: ${detail}`,
        arguments: `Formula function called with wrong arguments: ${detail}`,
        tooLong: `Formula is too long: ${detail}`,
      }[code],
    );
    this.name = 'FormulaError';
  }
}

export type FormulaNode =
  | { kind: 'number'; value: number }
  | { kind: 'reference'; name: string }
  | { kind: 'negate'; operand: FormulaNode }
  | { kind: 'binary'; operator: '+' | '-' | '*' | '/'; left: FormulaNode; right: FormulaNode }
  | { kind: 'call'; name: FormulaFunction; args: FormulaNode[] };

export const FORMULA_FUNCTIONS = ['round', 'min', 'max', 'sum'] as const;
export type FormulaFunction = (typeof FORMULA_FUNCTIONS)[number];

/** Longest expression accepted, and deepest nesting, so a hostile formula cannot exhaust the stack. */
export const FORMULA_MAX_LENGTH = 1000;
const MAX_DEPTH = 50;

type Token =
  | { type: 'number'; value: number; at: number }
  | { type: 'name'; value: string; at: number }
  | { type: 'op'; value: '+' | '-' | '*' | '/' | '(' | ')' | ','; at: number }
  | { type: 'end'; at: number };

export { formulaName };

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const char = source[i] as string;
    if (/\s/.test(char)) {
      i++;
    } else if (/[0-9.]/.test(char)) {
      const match = /^(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/.exec(source.slice(i));
      if (!match) throw new FormulaError('syntax', `unexpected '${char}'`, i);
      tokens.push({ type: 'number', value: Number(match[0]), at: i });
      i += match[0].length;
    } else if (/[A-Za-z_]/.test(char)) {
      const match = /^[A-Za-z_][A-Za-z0-9_.]*/.exec(source.slice(i)) as RegExpExecArray;
      tokens.push({ type: 'name', value: match[0], at: i });
      i += match[0].length;
    } else if (char === '{') {
      const close = source.indexOf('}', i + 1);
      if (close < 0) throw new FormulaError('syntax', `'{' without '}'`, i);
      const name = source.slice(i + 1, close);
      if (!name.trim()) throw new FormulaError('syntax', 'empty name in braces', i);
      tokens.push({ type: 'name', value: name, at: i });
      i = close + 1;
    } else if ('+-*/(),'.includes(char)) {
      tokens.push({ type: 'op', value: char as '+', at: i });
      i++;
    } else {
      throw new FormulaError('syntax', `unexpected '${char}'`, i);
    }
  }
  tokens.push({ type: 'end', at: source.length });
  return tokens;
}

/** Reads a formula into its tree; throws a FormulaError ('syntax', 'arguments' or 'tooLong'). */
export function parseFormula(source: string): FormulaNode {
  if (source.length > FORMULA_MAX_LENGTH) throw new FormulaError('tooLong', `${source.length} characters`);
  const tokens = tokenize(source);
  let index = 0;
  const peek = () => tokens[index] as Token;
  const describe = (token: Token) => (token.type === 'end' ? 'end of formula' : `'${String(token.value)}'`);
  const isOp = (value: string) => {
    const token = peek();
    return token.type === 'op' && token.value === value;
  };
  const expectOp = (value: string) => {
    const token = peek();
    if (token.type !== 'op' || token.value !== value) {
      throw new FormulaError('syntax', `expected '${value}', found ${describe(token)}`, token.at);
    }
    index++;
  };

  // expression := term (('+' | '-') term)*; term := unary (('*' | '/') unary)*; unary := ('-' | '+') unary | primary
  const expression = (depth: number): FormulaNode => {
    if (depth > MAX_DEPTH) throw new FormulaError('tooLong', `nested deeper than ${MAX_DEPTH}`);
    let node = term(depth);
    for (let token = peek(); token.type === 'op' && (token.value === '+' || token.value === '-'); token = peek()) {
      index++;
      node = { kind: 'binary', operator: token.value, left: node, right: term(depth) };
    }
    return node;
  };
  const term = (depth: number): FormulaNode => {
    let node = unary(depth);
    for (let token = peek(); token.type === 'op' && (token.value === '*' || token.value === '/'); token = peek()) {
      index++;
      node = { kind: 'binary', operator: token.value, left: node, right: unary(depth) };
    }
    return node;
  };
  const unary = (depth: number): FormulaNode => {
    const token = peek();
    if (token.type === 'op' && (token.value === '-' || token.value === '+')) {
      if (depth > MAX_DEPTH) throw new FormulaError('tooLong', `nested deeper than ${MAX_DEPTH}`);
      index++;
      const operand = unary(depth + 1);
      return token.value === '-' ? { kind: 'negate', operand } : operand;
    }
    return primary(depth);
  };
  const primary = (depth: number): FormulaNode => {
    const token = peek();
    if (token.type === 'number') {
      index++;
      return { kind: 'number', value: token.value };
    }
    if (token.type === 'op' && token.value === '(') {
      index++;
      const node = expression(depth + 1);
      expectOp(')');
      return node;
    }
    if (token.type === 'name') {
      index++;
      const next = peek();
      const fn = token.value.toLowerCase();
      if (next.type === 'op' && next.value === '(' && (FORMULA_FUNCTIONS as readonly string[]).includes(fn)) {
        index++;
        const args: FormulaNode[] = [];
        if (!isOp(')')) {
          args.push(expression(depth + 1));
          while (isOp(',')) {
            index++;
            args.push(expression(depth + 1));
          }
        }
        expectOp(')');
        const name = fn as FormulaFunction;
        if (name === 'round' ? args.length < 1 || args.length > 2 : args.length < 1) {
          throw new FormulaError('arguments', `${name}() with ${args.length}`, token.at);
        }
        return { kind: 'call', name, args };
      }
      if (next.type === 'op' && next.value === '(') {
        throw new FormulaError('syntax', `unknown function '${token.value}'`, token.at);
      }
      return { kind: 'reference', name: formulaName(token.value) };
    }
    throw new FormulaError('syntax', `unexpected ${describe(token)}`, token.at);
  };

  const node = expression(0);
  const rest = peek();
  if (rest.type !== 'end') throw new FormulaError('syntax', `unexpected ${describe(rest)}`, rest.at);
  return node;
}

/** The names a formula refers to, normalised, each once. */
export function formulaReferences(node: FormulaNode): string[] {
  const names = new Set<string>();
  const walk = (current: FormulaNode) => {
    if (current.kind === 'reference') names.add(current.name);
    else if (current.kind === 'negate') walk(current.operand);
    else if (current.kind === 'binary') {
      walk(current.left);
      walk(current.right);
    } else if (current.kind === 'call') current.args.forEach(walk);
  };
  walk(node);
  return [...names];
}

/** Rounds half away from zero to `digits` decimals (0-10), without binary surprises such as 1.005 -> 1.00. */
export function roundTo(value: number, digits = 0): number {
  const places = Math.max(0, Math.min(10, Math.trunc(digits)));
  const sign = value < 0 ? -1 : 1;
  const rounded = Number(`${Math.round(Number(`${Math.abs(value)}e${places}`))}e-${places}`);
  return sign * rounded === 0 ? 0 : sign * rounded;
}

/** Computes a tree; `resolve` gives a reference's number (it throws a FormulaError for an unknown name). */
export function evaluateFormula(node: FormulaNode, resolve: (name: string) => number): number {
  switch (node.kind) {
    case 'number':
      return node.value;
    case 'reference':
      return resolve(node.name);
    case 'negate':
      return -evaluateFormula(node.operand, resolve);
    case 'binary': {
      const left = evaluateFormula(node.left, resolve);
      const right = evaluateFormula(node.right, resolve);
      switch (node.operator) {
        case '+':
          return left + right;
        case '-':
          return left - right;
        case '*':
          return left * right;
        case '/':
          if (right === 0) throw new FormulaError('divisionByZero', `${left} / 0`);
          return left / right;
      }
      break;
    }
    case 'call': {
      const values = node.args.map((arg) => evaluateFormula(arg, resolve));
      switch (node.name) {
        case 'round':
          return roundTo(values[0] as number, values[1] ?? 0);
        case 'min':
          return Math.min(...values);
        case 'max':
          return Math.max(...values);
        case 'sum':
          return values.reduce((total, value) => total + value, 0);
      }
    }
  }
  throw new FormulaError('syntax', 'unknown node');
}

/**
 * Computes the formulas of a set (all, or those named in `only`) from the known numbers (by name; an empty number
 * counts as 0), formulas reading other formulas in their order of dependence. Throws a FormulaError on a syntax error,
 * an unknown reference (a name neither a number nor a formula), a cycle or a division by zero.
 */
export function evaluateFormulas(
  formulas: Readonly<Record<string, string>>,
  numbers: Readonly<Record<string, number | null>>,
  only: readonly string[] = Object.keys(formulas),
): Record<string, number> {
  const sources = new Map<string, string>();
  for (const [name, source] of Object.entries(formulas)) sources.set(formulaName(name), source);
  const known = new Map<string, number | null>();
  for (const [name, value] of Object.entries(numbers)) known.set(formulaName(name), value);
  const results = new Map<string, number>();
  const visiting: string[] = [];

  const valueByName = (name: string): number => {
    const done = results.get(name);
    if (done !== undefined) return done;
    const source = sources.get(name);
    if (source === undefined) {
      if (!known.has(name)) throw new FormulaError('unknownReference', name);
      const value = known.get(name);
      return typeof value === 'number' && Number.isFinite(value) ? value : 0;
    }
    if (visiting.includes(name)) {
      throw new FormulaError('cycle', [...visiting.slice(visiting.indexOf(name)), name].join(' -> '));
    }
    visiting.push(name);
    const value = evaluateFormula(parseFormula(source), valueByName);
    visiting.pop();
    results.set(name, value);
    return value;
  };

  const out: Record<string, number> = {};
  for (const name of only) out[name] = valueByName(formulaName(name));
  return out;
}

/**
 * Checks one formula of a set for the editor, without computing it: its syntax, that every name it reads is a
 * number field or another formula, and that no chain of formulas comes back to it. Null when fine.
 */
export function checkFormula(
  name: string,
  formulas: Readonly<Record<string, string>>,
  numberNames: readonly string[],
): FormulaError | null {
  const sources = new Map<string, string>();
  for (const [formula, source] of Object.entries(formulas)) sources.set(formulaName(formula), source);
  const numbers = new Set(numberNames.map(formulaName));
  const visiting: string[] = [];
  const visit = (current: string) => {
    const source = sources.get(current);
    if (source === undefined) {
      if (!numbers.has(current)) throw new FormulaError('unknownReference', current);
      return;
    }
    if (visiting.includes(current)) {
      throw new FormulaError('cycle', [...visiting.slice(visiting.indexOf(current)), current].join(' -> '));
    }
    visiting.push(current);
    for (const reference of formulaReferences(parseFormula(source))) visit(reference);
    visiting.pop();
  };
  try {
    visit(formulaName(name));
    return null;
  } catch (error) {
    if (error instanceof FormulaError) return error;
    throw error;
  }
}
