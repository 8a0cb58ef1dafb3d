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
    'This PDF already carries digital signatures. It is kept as uploaded, and the completed document adds the fields and its seal after them, so they stay valid for the version that was signed; PDF readers will show that it was changed after signing. Combined with other files into one document, it loses them.',
  existingSignaturesRemoved:
    'This PDF carried digital signatures, which are removed: it is encrypted or damaged, and had to be rewritten to be used here.',
  activeContentRemoved:
    'This PDF contained scripts or automatic actions. They were removed so that they cannot run when the document is opened.',
  activeContentRemovedFromSignedFile:
    'This PDF contained scripts or automatic actions. They were removed so that they cannot run when the document is opened, and its digital signatures are no longer valid.',
  activeContentInSignedFile:
    'This PDF contains scripts or automatic actions that can run when it is opened. It also carries digital signatures, which removing them would break, so it is kept as uploaded; the signatures stay valid for the version that was signed, and PDF readers will show that it was changed after signing.',
  imageUnreadable: 'This image cannot be read. It may be damaged.',
  imageTooLarge: 'This image is too large: it may have at most 100 megapixels.',
  officeArchiveTooLarge:
    'This file unpacks to far more content than a document holds, so it was not converted. Save it as PDF, or split it into smaller files, and upload it again.',
  officeTooMuchMemory:
    'This file needs more memory to convert than the server allows, so its conversion was stopped. Save it as PDF, or split it into smaller files, and upload it again.',
  officeTooLong:
    'This file took too long to convert, so its conversion was stopped. Save it as PDF, or split it into smaller files, and upload it again.',
} as const;
