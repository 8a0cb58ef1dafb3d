import { fork } from 'node:child_process';
import { join } from 'node:path';
import type { PdfMetadata } from '@esign/shared';
import { serverRoot } from '../paths.js';
import { ConversionError } from './conversion-error.js';
import type { NormalizedPdf } from './normalize-pdf.js';

export interface ImageChildRequest {
  input: Uint8Array;
  extension: string;
}
export type ImageChildAnswer =
  | { bytes: Uint8Array; metadata: PdfMetadata }
  | { userMessage: string }
  | { error: string };

/** From the sources (tests, `npm run dev`) the child runs through tsx; from the bundle, its own entry in dist/. */
const isSource = import.meta.url.endsWith('.ts');
const CHILD = isSource
  ? { path: join(serverRoot, 'src/platform/pdf/image-child.ts'), execArgv: ['--import', 'tsx'] }
  : { path: join(serverRoot, 'dist/platform/pdf/image-child.js'), execArgv: [] };

/**
 * imageToPdf in a short-lived process of its own. Decoding an image takes memory in proportion to its pixels
 * (libvips's buffers, then the PDF library's copy of them: 4 bytes a pixel and more), and glibc's allocator keeps
 * what libvips's threads freed: after a 99-megapixel PNG this process stayed about 280 MB above where it was
 * (measured: 222 MB, 788 MB when done, 504 MB after a full collection). A child's memory all goes back when it
 * exits, and its minutes of decoding do not hold this process's event loop (issue 33).
 */
export function imageToPdfInChild(input: Uint8Array, extension: string): Promise<NormalizedPdf> {
  return new Promise((resolve, reject) => {
    const child = fork(CHILD.path, [], {
      cwd: serverRoot,
      execArgv: CHILD.execArgv,
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    let answer: ImageChildAnswer | undefined;
    child.once('message', (message: ImageChildAnswer) => {
      answer = message;
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (answer && 'bytes' in answer) {
        resolve({
          bytes: answer.bytes,
          metadata: answer.metadata,
          warning: null,
          activeContent: null,
          isKeptSigned: false,
          found: null,
        });
      } else if (answer && 'userMessage' in answer) {
        reject(new ConversionError(answer.userMessage));
      } else {
        // A child that ended without an answer (the out-of-memory killer, say) fails this try; the job retries.
        reject(new Error(answer?.error ?? `the image conversion ended without an answer (${signal ?? code})`));
      }
    });
    child.send({ input, extension } satisfies ImageChildRequest);
  });
}
