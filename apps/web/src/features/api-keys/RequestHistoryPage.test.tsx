import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { RequestHistoryPage } from './RequestHistoryPage';

// A user in UTC+10 who reads dates as DD/MM/YYYY; one call at 18:51 UTC on 28 November (04:51 on the 29th for them).
vi.mock('../auth/api', () => ({
  useCurrentUser: () => ({ data: { dateFormat: 'DD/MM/YYYY', timezone: 'Australia/Brisbane' } }),
}));
vi.mock('./api', () => ({
  useApiKey: () => ({ data: { name: 'Live key' } }),
  useRequestHistory: () => ({
    data: {
      totalItems: 1,
      pageCount: 1,
      items: [
        {
          id: 'call-1',
          type: 'GET /documents',
          createdAt: '2026-11-28T18:51:00.000Z',
          origin: '203.0.113.9',
          statusCode: 200,
          durationMs: 12,
        },
      ],
    },
  }),
}));

describe('RequestHistoryPage', () => {
  it("shows a call's date and time both in the user's time zone", () => {
    // Cause: the time column read the device's clock (getHours, here UTC) while the date used the user's zone, so a
    // call at 18:51 UTC by a user in UTC+10 read '29/11/2026 06:51 PM'.
    const html = renderToStaticMarkup(
      <MantineProvider>
        <MemoryRouter initialEntries={['/settings/api/key-1/request_history']}>
          <Routes>
            <Route path="/settings/api/:apiKeyId/request_history" element={<RequestHistoryPage />} />
          </Routes>
        </MemoryRouter>
      </MantineProvider>,
    );
    const cells = [...html.matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((match) => match[1]);
    expect(cells.slice(1, 3)).toEqual(['29/11/2026', '04:51 AM']);
  });
});
