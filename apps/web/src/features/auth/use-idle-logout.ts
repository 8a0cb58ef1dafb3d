import { useEffect, useRef } from 'react';
import { useAppConfig } from '../../app/app-config';
import { decideIdle, idleTimeoutMs, parseTimestamp, shouldRecordActivity } from './idle';

const LAST_ACTIVITY_KEY = 'esign.lastActivityAt';
const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'touchstart', 'scroll', 'wheel'] as const;

/** Records user activity now, shared by all tabs through localStorage. */
export function markActivity(now = Date.now()): void {
  localStorage.setItem(LAST_ACTIVITY_KEY, String(now));
}

function readLastActivity(): number | null {
  return parseTimestamp(localStorage.getItem(LAST_ACTIVITY_KEY));
}

/**
 * Calls onTimeout after the server's idle time-out (`GET app-config`, IDLE_LOGOUT_MINUTES; the default until it
 * answers) without activity in any tab. Activity in one tab keeps all tabs alive; the logout that follows reaches
 * the other tabs through token storage.
 */
export function useIdleLogout(isEnabled: boolean, onTimeout: () => void): void {
  const onTimeoutRef = useRef(onTimeout);
  onTimeoutRef.current = onTimeout;
  const timeoutMs = idleTimeoutMs(useAppConfig().data?.idleLogoutMinutes);

  useEffect(() => {
    if (!isEnabled) return;
    let lastWrittenAt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const onActivity = () => {
      const now = Date.now();
      if (!shouldRecordActivity(lastWrittenAt, now)) return;
      lastWrittenAt = now;
      markActivity(now);
    };

    const check = () => {
      const decision = decideIdle({
        lastActivityAt: readLastActivity() ?? Date.now(),
        now: Date.now(),
        timeoutMs,
      });
      if (decision.isExpired) {
        onTimeoutRef.current();
        return;
      }
      timer = setTimeout(check, decision.nextCheckInMs);
    };

    // A session left idle too long (e.g. a tab restored the next day) ends right away.
    if (readLastActivity() === null) markActivity();
    check();
    for (const event of ACTIVITY_EVENTS) window.addEventListener(event, onActivity, { passive: true, capture: true });
    return () => {
      clearTimeout(timer);
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, onActivity, { capture: true });
    };
  }, [isEnabled, timeoutMs]);
}
