import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { createQueryClient } from '../api/query-client';
import { cssVariablesResolver, theme } from '../app/theme';

/** Where the router is now (a test reads it from `location.current`). */
function LocationProbe({ into }: { into: { current: string } }) {
  const location = useLocation();
  into.current = `${location.pathname}${location.search}`;
  return null;
}

/**
 * Renders `ui` inside the app's providers (Mantine with the app's theme, its transitions and portals off, the toasts, TanStack Query with the app's
 * client, a router at `route` (an address, or one with history state); `path` gives the route's pattern, so `useParams` reads it), as App.tsx does. Answers
 * the user (user-event), the query client, where the router went, and RTL's own result.
 */
export function renderWithProviders(
  ui: ReactElement,
  options: { route?: string | { pathname: string; search?: string; state?: unknown }; path?: string } = {},
) {
  const queryClient = createQueryClient();
  const location = { current: '' };
  const user = userEvent.setup();
  const result = render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light" env="test">
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[options.route ?? '/']}>
          <LocationProbe into={location} />
          <Routes>
            <Route path={options.path ?? '*'} element={ui} />
            {options.path ? <Route path="*" element={null} /> : null}
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, user, queryClient, location };
}
