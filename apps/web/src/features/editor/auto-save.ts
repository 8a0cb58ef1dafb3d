/**
 * The auto-save scheduler of the field editor (spec: at most once per 3 s, only when the fields differ from the
 * saved ones). One save in flight; edits made meanwhile are saved after it, the latest one winning; `flush`
 * saves what is pending at once (before sending or leaving). Pure apart from the timers, so fake timers test it.
 */
export interface AutoSaverOptions<T> {
  /** The value as the server has it now. */
  saved: T;
  save: (value: T) => Promise<void>;
  isSame: (a: T, b: T) => boolean;
  intervalMs: number;
  now?: () => number;
  onError?: (error: unknown) => void;
  /** Called whenever hasUnsaved() may have changed. */
  onStateChange?: () => void;
}

export interface AutoSaver<T> {
  /** The editor's current value; saved when the interval allows. */
  update(value: T): void;
  /** Saves the latest value now (after the save in flight); rejects when that save fails. */
  flush(): Promise<void>;
  hasUnsaved(): boolean;
  /** The value to save as the page goes away: the latest one while it is not known to be saved, else null. */
  unsavedValue(): T | null;
  /** The last save failed and nothing has saved since. */
  hasFailed(): boolean;
  isSaving(): boolean;
  dispose(): void;
}

export function createAutoSaver<T>(options: AutoSaverOptions<T>): AutoSaver<T> {
  const now = options.now ?? Date.now;
  let saved = options.saved;
  let latest = options.saved;
  let lastStartedAt = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let inFlight: Promise<void> | null = null;
  let isDisposed = false;
  /** The value whose save failed: not retried on its own, only with the next edit or a flush. */
  let failed: { value: T } | null = null;

  const isDirty = () => !options.isSame(latest, saved);

  const clearTimer = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };

  const start = (): Promise<void> => {
    clearTimer();
    const value = latest;
    lastStartedAt = now();
    failed = null;
    const attempt = options.save(value).then(
      () => {
        saved = value;
      },
      (error: unknown) => {
        failed = { value };
        throw error;
      },
    );
    // The save in flight as the scheduler waits on it: settled either way (callers of start() see the error).
    inFlight = attempt
      .catch(() => undefined)
      .finally(() => {
        inFlight = null;
        options.onStateChange?.();
        schedule();
      });
    options.onStateChange?.();
    return attempt;
  };

  function schedule() {
    if (isDisposed || inFlight !== null || timer !== null || !isDirty() || failed?.value === latest) return;
    const delay = Math.max(0, lastStartedAt + options.intervalMs - now());
    timer = setTimeout(() => {
      timer = null;
      if (inFlight !== null || !isDirty()) return;
      start().catch((error: unknown) => options.onError?.(error));
    }, delay);
  }

  return {
    update(value) {
      latest = value;
      schedule();
      options.onStateChange?.();
    },
    async flush() {
      clearTimer();
      while (inFlight !== null) await inFlight;
      if (isDirty()) await start();
    },
    hasUnsaved: () => isDirty() || inFlight !== null,
    hasFailed: () => failed !== null,
    unsavedValue: () => (isDirty() || inFlight !== null ? latest : null),
    isSaving: () => inFlight !== null,
    dispose() {
      isDisposed = true;
      clearTimer();
    },
  };
}
