import { type CSSVariablesResolver, createTheme, DEFAULT_THEME } from '@mantine/core';

/** Mantine's default look, with shades dark enough for AA contrast on white and on light tints. */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
});

const lightVariantTextColors = Object.fromEntries(
  Object.keys(DEFAULT_THEME.colors).map((color) => [
    `--mantine-color-${color}-light-color`,
    `var(--mantine-color-${color}-9)`,
  ]),
);

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    ...lightVariantTextColors,
  },
  dark: {},
});
