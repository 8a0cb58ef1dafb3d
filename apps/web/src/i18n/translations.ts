import type { en } from './en';

type Shape<T> = { readonly [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

/**
 * A translation of ./en.ts: every key of it but the spec's `messages` (its exact sentences stay as the spec words
 * them, in English). A language may add plural variants English lacks (`_few`, `_many`); a locale file declares its
 * table as a constant and exports it `satisfies Translations`, so a missing key fails the typecheck as well as
 * catalogue-languages.test.ts.
 */
export type Translations = Shape<Omit<typeof en, 'messages'>>;
