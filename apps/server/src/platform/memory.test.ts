import { describe, expect, it, vi } from 'vitest';
import { releaseLargeBuffers } from './memory.js';

/** Allocates and drops 32 MB of buffers; answers how much buffer memory existed meanwhile. */
function allocateAndDrop(): number {
  const buffers = Array.from({ length: 4 }, () => Buffer.alloc(8 * 1024 * 1024, 1));
  return buffers.length > 0 ? process.memoryUsage().arrayBuffers : 0;
}

describe('releaseLargeBuffers', () => {
  it('frees the memory of dead buffers without waiting for V8 to decide', async () => {
    const withBuffers = allocateAndDrop();
    releaseLargeBuffers();
    // The collection runs after this frame; V8 then frees the buffers' memory on a background thread.
    const isFreed = () => process.memoryUsage().arrayBuffers < withBuffers - 24 * 1024 * 1024;
    await vi.waitFor(() => expect(isFreed()).toBe(true), { timeout: 2000, interval: 10 });
  });

  it("frees bytes it is given that outlived young collections (a conversion's input), and leaves a view alone", async () => {
    const megabytes = () => process.memoryUsage().arrayBuffers / (1024 * 1024);
    let input: Uint8Array | undefined = new Uint8Array(Buffer.alloc(16 * 1024 * 1024, 1).buffer);
    const pool = Buffer.alloc(8 * 1024 * 1024, 1);
    const view = new Uint8Array(pool.buffer, 1024, 6 * 1024 * 1024);
    // Two young collections while it is alive: it is old now, out of a young collection's reach.
    for (let round = 0; round < 2; round++) {
      releaseLargeBuffers();
      await new Promise((resolve) => setImmediate(resolve));
    }
    const before = megabytes();
    releaseLargeBuffers([input, view]);
    input = undefined;
    await vi.waitFor(() => expect(megabytes()).toBeLessThan(before - 12), { timeout: 2000, interval: 10 });
    expect(view[0]).toBe(1);
    expect(pool.byteLength).toBe(8 * 1024 * 1024);
  });

  it('leaves gc out of the global scope', () => {
    releaseLargeBuffers();
    expect('gc' in globalThis).toBe(false);
  });
});
