import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

type CollectGarbage = (options: { type: 'minor' }) => void;

let collectGarbage: CollectGarbage | undefined;

/** Files at least this large are worth a collection once done with (a 15 MB scan is three times over it). */
export const LARGE_FILE_BYTES = 4 * 1024 * 1024;

/**
 * Asks V8 for a young-generation collection once a large file's bytes are no longer needed. Buffers live outside
 * the JavaScript heap, and V8 counts them towards a collection only after 64 MB more of them exist than after its
 * last one: a few large uploads (the request's chunks, then the bytes the conversion read) kept about 30-60 MB of
 * dead buffers resident, measured, pushing the server towards 300 MB (a peak of 285 MB after ten 15 MB scans
 * against 257 MB with this). Small JavaScript handles that are still young are freed by the cheap minor collection
 * (a millisecond or two); a full collection cost the next requests 100 ms or more on two busy cores.
 * The bytes the caller names (`done`: a conversion's input, which lived through its whole conversion, so its handle
 * is old and a minor collection would not see it) are handed to a new, young handle first (a transfer: no copy), so
 * the same collection frees them; the caller must not read them again. Only buffers that own their whole memory
 * are handed over (a view into a shared pool is left alone).
 * It runs once the caller's frames are gone (the bytes may still be in a local variable of theirs). V8's `gc` is
 * taken from a fresh context made while `--expose-gc` is on, so the application's global scope does not get it.
 */
export function releaseLargeBuffers(done: readonly (Uint8Array | undefined)[] = []): void {
  for (const bytes of done) {
    if (bytes === undefined || bytes.byteLength < LARGE_FILE_BYTES) continue;
    const memory = bytes.buffer;
    if (!(memory instanceof ArrayBuffer) || bytes.byteOffset !== 0 || memory.byteLength !== bytes.byteLength) continue;
    try {
      structuredClone(memory, { transfer: [memory] });
    } catch {
      // Not transferable (a buffer Node keeps): left to the collector.
    }
  }
  if (!collectGarbage) {
    setFlagsFromString('--expose-gc');
    collectGarbage = runInNewContext('gc') as CollectGarbage;
    setFlagsFromString('--no-expose-gc');
  }
  const collect = collectGarbage;
  setImmediate(() => collect({ type: 'minor' }));
}
