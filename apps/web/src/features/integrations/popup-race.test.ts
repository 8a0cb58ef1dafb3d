// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authorizeInPopup } from './popup';

vi.mock('../../api/client', () => ({ apiCall: vi.fn(async () => ({ url: 'https://auth.example/authorize' })) }));

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('authorizeInPopup', () => {
  it("takes the popup's result when the popup is seen closed before its message arrives", async () => {
    // Cause: the popup posts its result and closes itself; when the closed popup was seen (checked every 500 ms)
    // before its message was handed to this window, the wait ended with no result, so 'Google Drive successfully
    // integrated!' never showed (the integrations journey failed so now and then on a loaded machine).
    vi.useFakeTimers();
    const popup = { closed: false, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const result = authorizeInPopup('google_drive');
    await vi.advanceTimersByTimeAsync(0);
    expect(popup.location.href).toBe('https://auth.example/authorize');

    popup.closed = true;
    await vi.advanceTimersByTimeAsync(500);
    const message = { source: 'esign-integration', status: 'success', type: 'google_drive', error: null };
    window.dispatchEvent(new MessageEvent('message', { data: message, origin: window.location.origin }));
    await vi.advanceTimersByTimeAsync(2_000);
    await expect(result).resolves.toEqual(message);
  });

  it('answers null when the popup is closed and no message comes', async () => {
    vi.useFakeTimers();
    const popup = { closed: false, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const result = authorizeInPopup('box');
    await vi.advanceTimersByTimeAsync(0);
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(5_000);
    await expect(result).resolves.toBeNull();
  });
});
