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

  it('leaves gc out of the global scope', () => {
    releaseLargeBuffers();
    expect('gc' in globalThis).toBe(false);
  });
});
