import type { TranslationKey } from '../../i18n';

export interface SignCard {
  key: 'only-me' | 'me-and-others' | 'only-others';
  titleKey: TranslationKey;
  descriptionKey: TranslationKey;
  /** The route the card opens; set it once that route exists and the card becomes a link. */
  to?: string;
}

/** The three choices of 'Who needs to sign?', each opening the preparation page of its document type. */
export const SIGN_CARDS: readonly SignCard[] = [
  { key: 'only-me', titleKey: 'sign.onlyMe', descriptionKey: 'sign.onlyMeDescription', to: '/only-me' },
  {
    key: 'me-and-others',
    titleKey: 'sign.meAndOthers',
    descriptionKey: 'sign.meAndOthersDescription',
    to: '/me-and-others',
  },
  { key: 'only-others', titleKey: 'sign.onlyOthers', descriptionKey: 'sign.onlyOthersDescription', to: '/only-others' },
];
