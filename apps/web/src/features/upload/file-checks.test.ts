import { ALLOWED_EXTENSIONS, DROPBOX_MAX_FILE_BYTES, MESSAGES, UPLOAD_LIMITS } from '@esign/shared';
import { describe, expect, it } from 'vitest';
import { acceptedTypes, checkFile, checkFiles } from './file-checks';

const MB = 1024 * 1024;
const file = (name: string, size = 1000) => ({ name, size });
const empty = { count: 0, bytes: 0 };

describe('checkFile', () => {
  it('accepts every allowed type, in any letter case', () => {
    for (const extension of ALLOWED_EXTENSIONS) expect(checkFile(file(`a.${extension}`)).isAccepted).toBe(true);
    expect(checkFile(file('Scan.PDF')).isAccepted).toBe(true);
  });

  it('refuses other types and names without an extension', () => {
    for (const name of ['run.exe', 'archive.zip', 'README', 'photo.heic', 'pdf']) {
      expect(checkFile(file(name))).toEqual({ isAccepted: false, message: MESSAGES.fileTypeNotAllowed });
    }
  });

  it('allows 40 MB exactly and refuses one byte more', () => {
    expect(checkFile(file('big.pdf', UPLOAD_LIMITS.maxFileBytes)).isAccepted).toBe(true);
    expect(checkFile(file('big.pdf', UPLOAD_LIMITS.maxFileBytes + 1))).toEqual({
      isAccepted: false,
      message: MESSAGES.fileTooLarge,
    });
  });

  it('allows names of 100 characters and refuses longer ones', () => {
    expect(checkFile(file(`${'n'.repeat(96)}.pdf`)).isAccepted).toBe(true);
    expect(checkFile(file(`${'n'.repeat(97)}.pdf`))).toEqual({ isAccepted: false, message: MESSAGES.fileNameTooLong });
  });
});

describe('checkFiles', () => {
  it('accepts up to 5 files and refuses the rest with the document limit message', () => {
    const names = ['1.pdf', '2.pdf', '3.pdf', '4.pdf', '5.pdf', '6.pdf', '7.pdf'];
    const results = checkFiles(
      names.map((name) => file(name)),
      empty,
    );
    expect(results.map((result) => result.check.isAccepted)).toEqual([true, true, true, true, true, false, false]);
    expect(results[5]?.check).toEqual({ isAccepted: false, message: MESSAGES.documentFilesLimit });
  });

  it('counts the files the document already has', () => {
    const results = checkFiles([file('a.pdf'), file('b.pdf')], { count: 4, bytes: 0 });
    expect(results.map((result) => result.check.isAccepted)).toEqual([true, false]);
  });

  it('keeps the total under 100 MB, and a file refused for its size does not count', () => {
    const results = checkFiles(
      [
        file('a.pdf', 35 * MB),
        file('b.pdf', 35 * MB),
        file('huge.pdf', 41 * MB),
        file('c.pdf', 35 * MB),
        file('d.pdf', 20 * MB),
      ],
      empty,
    );
    expect(results.map((result) => result.check)).toEqual([
      { isAccepted: true },
      { isAccepted: true },
      { isAccepted: false, message: MESSAGES.fileTooLarge },
      { isAccepted: false, message: MESSAGES.documentFilesLimit },
      { isAccepted: true },
    ]);
  });

  it('does not count refused files towards the five', () => {
    const files = [file('x.exe'), ...['1', '2', '3', '4', '5'].map((name) => file(`${name}.png`))];
    expect(checkFiles(files, empty).filter((result) => result.check.isAccepted)).toHaveLength(5);
  });
});

describe('acceptedTypes', () => {
  it('lists every allowed extension once, under a MIME type', () => {
    const extensions = Object.values(acceptedTypes()).flat();
    expect([...extensions].sort()).toEqual(ALLOWED_EXTENSIONS.map((extension) => `.${extension}`).sort());
    for (const mime of Object.keys(acceptedTypes())) expect(mime).toMatch(/^[a-z]+\/[-+.\w]+$/);
  });
});

describe('a file of a cloud storage service', () => {
  it("keeps to the service's own limit (Dropbox: 40,000,000 bytes)", () => {
    const dropbox = { name: 'lease.pdf', maxBytes: DROPBOX_MAX_FILE_BYTES };
    expect(checkFile({ ...dropbox, size: DROPBOX_MAX_FILE_BYTES })).toEqual({ isAccepted: true });
    expect(checkFile({ ...dropbox, size: DROPBOX_MAX_FILE_BYTES + 1 })).toEqual({
      isAccepted: false,
      message: MESSAGES.fileTooLarge,
    });
  });
});
