import type { ParseKeys } from 'i18next';

export interface SignCard {
  key: 'only-me' | 'me-and-others' | 'only-others';
  titleKey: ParseKeys;
  descriptionKey: ParseKeys;
  /** The route the card opens; set it once that route exists and the card becomes a link. */
  to?: string;
}

/** The three choices of 'Who needs to sign?'. Their routes (/only-me, ...) do not exist yet. */
export const SIGN_CARDS: readonly SignCard[] = [
  { key: 'only-me', titleKey: 'sign.onlyMe', descriptionKey: 'sign.onlyMeDescription' },
  { key: 'me-and-others', titleKey: 'sign.meAndOthers', descriptionKey: 'sign.meAndOthersDescription' },
  { key: 'only-others', titleKey: 'sign.onlyOthers', descriptionKey: 'sign.onlyOthersDescription' },
];
