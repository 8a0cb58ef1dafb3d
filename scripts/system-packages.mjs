// The Debian packages the product and its tests use, in one place.
// `node scripts/system-packages.mjs` (run by `npm test` and .ci/run): installs the missing ones when it can (root,
// apt-get), printing what it does, or stops at once with the exact command to run. `optionalPartsLine()` is
// `npm start`'s one line about what is missing at run time and what that costs the user.
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';

/** What runs the product: LibreOffice with its Python bridge converts office files; the Noto fonts keep every script. */
export const OFFICE_PACKAGES = ['libreoffice-writer', 'libreoffice-calc', 'libreoffice-impress', 'python3-uno'];
export const FONT_PACKAGES = ['fonts-noto-core', 'fonts-noto-cjk', 'fonts-noto-color-emoji'];
/** What the tests need besides: Debian's Chromium for the browser tests, poppler-utils to read PDFs. */
export const TEST_PACKAGES = ['chromium', ...OFFICE_PACKAGES, ...FONT_PACKAGES, 'poppler-utils'];

const succeeds = (command, args) => spawnSync(command, args, { stdio: 'ignore' }).status === 0;

function missingPackages(packages) {
  return packages.filter((name) => !succeeds('dpkg', ['-s', name]));
}

/** Installs the missing test packages, or exits with the command that would; returns quietly when none lack. */
export function ensureTestPackages() {
  if (!succeeds('sh', ['-c', 'command -v dpkg'])) {
    console.log(`Not a Debian system: the tests expect the equivalents of ${TEST_PACKAGES.join(' ')}.`);
    return;
  }
  const missing = missingPackages(TEST_PACKAGES);
  if (missing.length === 0) return;
  const install = `apt-get install -y ${missing.join(' ')}`;
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || !succeeds('sh', ['-c', 'command -v apt-get'])) {
    console.error(
      `The tests need Debian packages that are missing. Install them first:\n  sudo apt-get update && sudo ${install}`,
    );
    process.exit(1);
  }
  console.log(`Installing the missing Debian packages the tests need: apt-get update && ${install}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-q'],
    ['install', '-y', '-q', ...missing],
  ]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) {
      console.error(`apt-get ${args.join(' ')} failed (exit ${result.status}).`);
      process.exit(1);
    }
  }
}

/** Whether fontconfig finds a font for a language (`fc-list :lang=ar`). */
function hasFontFor(language) {
  const result = spawnSync('fc-list', [`:lang=${language}`, 'family'], { encoding: 'utf8' });
  return result.status === 0 && result.stdout.trim() !== '';
}

/** One line naming the optional parts that are missing and what that costs, or null when none is. */
export function optionalPartsLine() {
  const parts = [];
  const packages = [];
  const hasOffice = succeeds('sh', ['-c', 'command -v soffice']) && succeeds('/usr/bin/python3', ['-c', 'import uno']);
  if (!hasOffice) {
    parts.push(
      'LibreOffice (Word, Excel, PowerPoint, OpenDocument, RTF, text, CSV and HTML uploads are refused; PDFs and images work)',
    );
    packages.push(...OFFICE_PACKAGES);
  }
  if (!['ar', 'he', 'th', 'zh-cn', 'ja'].every(hasFontFor)) {
    parts.push('the Noto fonts (Arabic, Hebrew, Thai, Chinese and Japanese text is lost from converted files)');
    packages.push(...FONT_PACKAGES);
  }
  if (parts.length === 0) return null;
  return `Optional parts missing: ${parts.join('; ')}. To add them: sudo apt-get install -y ${packages.join(' ')}`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) ensureTestPackages();
