import { onTestFinished } from 'vitest';

/**
 * Collects the promise rejections nobody handled while the test runs (a click handler that awaits a failed call and
 * lets its error go). Node reports one after the microtasks of its turn: `settled()` waits for that.
 */
export function watchUnhandledRejections() {
  const reasons: unknown[] = [];
  const listener = (reason: unknown) => reasons.push(reason);
  process.on('unhandledRejection', listener);
  onTestFinished(() => {
    process.off('unhandledRejection', listener);
  });
  const settled = () => new Promise((resolve) => setTimeout(resolve, 20));
  return { reasons, settled };
}
