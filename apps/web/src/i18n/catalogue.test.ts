import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FIELD_KINDS, FIELD_TYPES, quotaExceededMessage } from '@esign/shared';
import { en } from '@esign/shared/i18n/en';
import { beforeAll, describe, expect, it } from 'vitest';
import { enApp } from './en-app';
import { loadAppTexts, t } from './index';

const SOURCE_ROOT = fileURLToPath(new URL('..', import.meta.url));

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const CATALOGUE: Record<string, unknown> = { ...en, ...enApp };

/** The catalogue's entry at a dotted path: a text, a group of texts, or undefined. */
function entryAt(path: string): unknown {
  return path.split('.').reduce<unknown>((node, part) => {
    if (typeof node !== 'object' || node === null) return undefined;
    return (node as Record<string, unknown>)[part];
  }, CATALOGUE);
}

/** A key names a text, or the `_one` / `_other` variants of one. */
const isText = (key: string) =>
  typeof entryAt(key) === 'string' ||
  (typeof entryAt(`${key}_one`) === 'string' && typeof entryAt(`${key}_other`) === 'string');

interface KeyUse {
  key: string;
  /** A template literal's key: only the part before its first `${` is known here. */
  isPrefix: boolean;
  at: string;
}

/** Every `t('...')` and `` t(`...`) `` of the app's source (tests left out). */
function keyUses(): KeyUse[] {
  const uses: KeyUse[] = [];
  for (const file of sourceFiles(SOURCE_ROOT)) {
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/\bt\(\s*(?:'([^'\n]*)'|"([^"\n]*)"|`([^`\n]*)`)/g)) {
      const at = `${relative(SOURCE_ROOT, file)}:${source.slice(0, match.index).split('\n').length}`;
      const template = match[3];
      if (template?.includes('${')) uses.push({ key: template.slice(0, template.indexOf('${')), isPrefix: true, at });
      else uses.push({ key: match[1] ?? match[2] ?? template ?? '', isPrefix: false, at });
    }
  }
  return uses;
}

describe('the text catalogue (en.ts and en-app.ts)', () => {
  const uses = keyUses();
  beforeAll(loadAppTexts);

  it('keeps each group of texts in one of its two files', () => {
    expect(Object.keys(en).filter((group) => group in enApp)).toEqual([]);
  });

  it('finds the t() calls of the source', () => {
    // A guard for the scan itself: the app has hundreds of texts.
    expect(uses.length).toBeGreaterThan(200);
  });

  it('has a text for every t() key the source uses', () => {
    const missing = uses.filter((use) => !use.isPrefix && !isText(use.key)).map((use) => `${use.at} ${use.key}`);
    expect(missing).toEqual([]);
  });

  it('has a group of texts for every key a template literal builds (fieldTypes.<type>)', () => {
    const missing = uses
      .filter((use) => use.isPrefix)
      .filter((use) => {
        const group = use.key.endsWith('.') ? entryAt(use.key.slice(0, -1)) : undefined;
        return typeof group !== 'object' || group === null;
      })
      .map((use) => `${use.at} ${use.key}`);
    expect(missing).toEqual([]);
  });

  it("labels every field type (its kind's labelKey)", () => {
    for (const type of FIELD_TYPES) {
      const key = FIELD_KINDS[type].labelKey;
      expect(isText(key), key).toBe(true);
    }
  });

  it("words the upgrade modal's quota sentence as the server's message", () => {
    expect(t('editor.quotaExceeded', { limit: 3 })).toBe(quotaExceededMessage(3));
  });
});
