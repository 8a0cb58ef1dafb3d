import { Box } from '@mantine/core';
import type { ReactNode } from 'react';

/** The bar fixed at the bottom of the signer page on a phone: the signer's, an approver's or a viewer's actions. */
export function BottomBar({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <Box
      pos="fixed"
      bottom={0}
      left={0}
      right={0}
      bg="white"
      px="md"
      py="sm"
      data-testid={testId}
      style={{ zIndex: 10, borderTop: '1px solid var(--mantine-color-gray-3)' }}
    >
      {children}
    </Box>
  );
}
