import { type CSSVariablesResolver, createTheme, DEFAULT_THEME } from '@mantine/core';

/** Mantine's default look, with shades dark enough for AA contrast on white and on light tints. */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
});

/**
 * Text on a light variant (a badge, a light button) in the colour's darkest shade; where even that is under 4.5:1 on
 * its own 10 % tint (Mantine's green, lime, orange and yellow 9 measure 2.8 to 4.0), a darker one of the same hue.
 */
const DARKER_THAN_SHADE_9: Record<string, string> = {
  green: '#237032',
  lime: '#466f0a',
  orange: '#b33d0a',
  yellow: '#995200',
};
const lightVariantTextColors = Object.fromEntries(
  Object.keys(DEFAULT_THEME.colors).map((color) => [
    `--mantine-color-${color}-light-color`,
    DARKER_THAN_SHADE_9[color] ?? `var(--mantine-color-${color}-9)`,
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
