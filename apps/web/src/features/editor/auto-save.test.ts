import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAutoSaver } from './auto-save';

const INTERVAL = 3000;

/** A save the test settles by hand, to play a slow server. */
function slowServer() {
  const calls: { value: string; resolve: () => void; reject: (error: Error) => void }[] = [];
  const save = vi.fn(
    (value: string) =>
      new Promise<void>((resolve, reject) => {
        calls.push({ value, resolve, reject });
      }),
  );
  return { calls, save };
}

function saver(save: (value: string) => Promise<void>, onError?: (error: unknown) => void) {
  return createAutoSaver({ saved: 'v0', save, isSame: (a, b) => a === b, intervalMs: INTERVAL, onError });
}

describe('auto-save', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('saves nothing when the fields equal the saved ones', async () => {
    const server = slowServer();
    const autoSaver = saver(server.save);
    autoSaver.update('v0');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(server.save).not.toHaveBeenCalled();
    expect(autoSaver.hasUnsaved()).toBe(false);
  });

  it('saves at most once per interval, with the latest edit', async () => {
    const server = slowServer();
    const autoSaver = saver(server.save);
    autoSaver.update('v1');
    await vi.advanceTimersByTimeAsync(0);
    expect(server.save).toHaveBeenCalledTimes(1);
    server.calls[0]?.resolve();
    autoSaver.update('v2');
    autoSaver.update('v3');
    await vi.advanceTimersByTimeAsync(INTERVAL - 1);
    expect(server.save).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.save).toHaveBeenCalledTimes(2);
    expect(server.calls[1]?.value).toBe('v3');
  });

  it('keeps one save in flight and loses no edit made while a slow save runs', async () => {
    const server = slowServer();
    const autoSaver = saver(server.save);
    autoSaver.update('v1');
    await vi.advanceTimersByTimeAsync(0);
    autoSaver.update('v2');
    await vi.advanceTimersByTimeAsync(INTERVAL * 3);
    expect(server.save).toHaveBeenCalledTimes(1);
    expect(autoSaver.hasUnsaved()).toBe(true);
    server.calls[0]?.resolve();
    await vi.advanceTimersByTimeAsync(INTERVAL);
    expect(server.calls.map((call) => call.value)).toEqual(['v1', 'v2']);
    server.calls[1]?.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(autoSaver.hasUnsaved()).toBe(false);
  });

  it('does not save again when an edit returns to the value in flight', async () => {
    const server = slowServer();
    const autoSaver = saver(server.save);
    autoSaver.update('v1');
    await vi.advanceTimersByTimeAsync(0);
    autoSaver.update('v2');
    autoSaver.update('v1');
    server.calls[0]?.resolve();
    await vi.advanceTimersByTimeAsync(INTERVAL * 2);
    expect(server.save).toHaveBeenCalledTimes(1);
  });

  it('flushes the pending edit at once, after the save in flight', async () => {
    const server = slowServer();
    const autoSaver = saver(server.save);
    autoSaver.update('v1');
    await vi.advanceTimersByTimeAsync(0);
    autoSaver.update('v2');
    const flushed = autoSaver.flush();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.save).toHaveBeenCalledTimes(1);
    server.calls[0]?.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.calls[1]?.value).toBe('v2');
    server.calls[1]?.resolve();
    await flushed;
    expect(autoSaver.hasUnsaved()).toBe(false);
  });

  it('reports a failed save, keeps the edit unsaved and retries with the next edit', async () => {
    const server = slowServer();
    const onError = vi.fn();
    const autoSaver = saver(server.save, onError);
    autoSaver.update('v1');
    await vi.advanceTimersByTimeAsync(0);
    server.calls[0]?.reject(new Error('offline'));
    await vi.advanceTimersByTimeAsync(0);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(autoSaver.hasUnsaved()).toBe(true);
    await vi.advanceTimersByTimeAsync(INTERVAL * 2);
    expect(server.save).toHaveBeenCalledTimes(1);
    autoSaver.update('v2');
    await vi.advanceTimersByTimeAsync(INTERVAL);
    expect(server.calls.map((call) => call.value)).toEqual(['v1', 'v2']);
  });

  it('answers the value a closing page must still send, while it is not known to be saved', async () => {
    // Cause: leaving the tab right after an edit only started a normal save (cancelled with the page) or waited
    // for the 3 s timer, so deletions made in the last seconds came back; the page now sends this value with a
    // keep-alive request on pagehide.
    const server = slowServer();
    const autoSaver = saver(server.save);
    expect(autoSaver.unsavedValue()).toBeNull();
    autoSaver.update('v1');
    await vi.advanceTimersByTimeAsync(0);
    autoSaver.update('v2');
    // v1 in flight, v2 waiting for the interval: the latest is what the page must send.
    expect(autoSaver.unsavedValue()).toBe('v2');
    server.calls[0]?.resolve();
    await vi.advanceTimersByTimeAsync(INTERVAL);
    server.calls[1]?.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(autoSaver.unsavedValue()).toBeNull();
    expect(autoSaver.hasFailed()).toBe(false);
  });
});
