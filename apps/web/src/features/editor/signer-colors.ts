import { type Signer, type SignerColor, signerColor } from '@esign/shared';

/** The CSS colour of each signer colour name of the spec. */
export const SIGNER_CSS_COLORS: Record<SignerColor, string> = {
  orange: '#f08c00',
  green: '#2f9e44',
  turquoise: '#0ca678',
  blue: '#1c7ed6',
  red: '#e03131',
  lightGreen: '#74b816',
  violet: '#7048e8',
  yellow: '#f5b800',
  darkBlue: '#1a3d8f',
  darkViolet: '#5f3dc4',
  user: '#3b5bdb',
  empty: '#868e96',
};

export function signerCssColor(signer: Signer | null | undefined): string {
  return SIGNER_CSS_COLORS[signerColor(signer)];
}
