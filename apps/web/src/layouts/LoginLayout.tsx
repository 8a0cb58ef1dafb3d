import { Box, Center, Paper, Stack } from '@mantine/core';
import { Outlet } from 'react-router';
import { ProductName } from './ProductName';

/** A centred card with the product name, for the logged-out pages. */
export function LoginLayout() {
  return (
    <Box component="main" mih="100dvh" bg="gray.0" py="xl" px="md">
      <Center mih="calc(100dvh - 2 * var(--mantine-spacing-xl))">
        <Stack align="center" gap="lg" w="100%" maw={440}>
          <ProductName />
          <Paper withBorder shadow="sm" radius="md" p={{ base: 'lg', sm: 'xl' }} w="100%">
            <Outlet />
          </Paper>
        </Stack>
      </Center>
    </Box>
  );
}
