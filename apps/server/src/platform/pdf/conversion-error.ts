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
  activeContentRemoved:
    'This PDF contained scripts or automatic actions. They were removed so that they cannot run when the document is opened.',
  activeContentRemovedFromSignedFile:
    'This PDF contained scripts or automatic actions. They were removed so that they cannot run when the document is opened, and its digital signatures are no longer valid.',
  activeContentInSignedFile:
    'This PDF contains scripts or automatic actions that can run when it is opened. It also carries digital signatures, which removing them would break, so it is kept as uploaded. The signatures will not stay valid once fields are added to the document.',
  imageUnreadable: 'This image cannot be read. It may be damaged.',
  imageTooLarge: 'This image is too large: it may have at most 100 megapixels.',
} as const;
