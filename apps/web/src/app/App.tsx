import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { createQueryClient } from '../api/query-client';
import { AppNotifications } from './AppNotifications';
import { AppRoutes } from './AppRoutes';
import { OfflineBanner } from './OfflineBanner';
import { cssVariablesResolver, theme } from './theme';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <Suspense fallback={null}>
        <AppNotifications />
      </Suspense>
      <QueryClientProvider client={queryClient}>
        <OfflineBanner />
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </QueryClientProvider>
    </MantineProvider>
  );
}
