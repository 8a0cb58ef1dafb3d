// @vitest-environment happy-dom
import { onlineManager } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { OfflineBanner } from './OfflineBanner';

afterEach(() => onlineManager.setOnline(true));

describe('OfflineBanner', () => {
  it('says the network is down while it is, and goes when it is back', () => {
    renderWithProviders(<OfflineBanner />);
    expect(screen.queryByRole('status')).toBeNull();
    act(() => onlineManager.setOnline(false));
    expect(screen.getByRole('status')).toHaveTextContent(
      "You're offline. What you do now is sent when the connection is back.",
    );
    expect(screen.getByTestId('offline-banner')).toBeInTheDocument();
    act(() => onlineManager.setOnline(true));
    expect(screen.queryByTestId('offline-banner')).toBeNull();
  });
});
