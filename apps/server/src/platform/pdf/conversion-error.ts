/** A conversion that cannot succeed, with the sentence the user reads on the part. Not retried. */
export class ConversionError extends Error {
  constructor(readonly userMessage: string) {
    super(userMessage);
    this.name = 'ConversionError';
  }
}

export const CONVERSION_MESSAGES = {
  empty: 'This file is empty.',
  damaged: 'This file is damaged and cannot be opened as a PDF.',
  passwordProtected: 'This PDF is protected by a password. Remove the password and upload it again.',
  noPages: 'This PDF has no pages.',
  existingSignatures:
    'This PDF already carries digital signatures. They will not stay valid once fields are added to the document.',
  imageUnreadable: 'This image cannot be read. It may be damaged.',
  imageTooLarge: 'This image is too large: it may have at most 100 megapixels.',
} as const;
