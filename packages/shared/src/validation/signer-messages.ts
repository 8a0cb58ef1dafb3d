/**
 * The spec's sentences a signer's link may show before anything else loads (MESSAGES holds them too, and every
 * other): the web app's first load reads these and not the whole of MESSAGES, which comes with the pages that need it.
 */
export const SIGNER_MESSAGES = {
  somethingWentWrong: 'Something went wrong',
  maintenance: 'We are doing some maintenance. Nothing can be changed right now; please try again in a little while.',
  unauthorized: 'Please log in to continue.',
  maxImageSize: 'Max file size is 40MB',
  testModeBanner: 'Document was created in test mode. This document is not legally binding.',
  couldNotDownload: 'Could not download document',
  downloadNotReady: "Download isn't ready yet",
  requisiteCreated: 'Signature/Initial created successfully',
  requisiteUpdated: 'Signature/Initial updated successfully',
  requisiteDeleted: 'Signature/Initial deleted successfully',
  fieldNumberInvalid: 'Enter a number',
  fieldNumberDecimals: 'The number has too many decimal places',
  fieldChoiceInvalid: 'Choose one of the options',
  fieldChoicesInvalid: 'Tick only the options listed, each once',
  fieldPostcodeInvalid: 'Enter a valid postcode',
  fieldPhoneInvalid: 'Enter a valid phone number',
  fieldTooShort: 'The text is too short',
  fieldTooLong: 'The text is too long',
  fieldLettersOnly: 'Use letters only',
  fieldPatternMismatch: 'The value does not have the expected form',
  fieldLocked: 'This field cannot be changed',
  fieldFormulaMismatch: 'The computed value does not match its formula',
  fieldFormulaInvalid: 'The formula cannot be computed',
  attachmentTooLarge: 'The file must be 20 MB or smaller',
  attachmentTypeNotAllowed: 'Attach a PDF, PNG or JPEG file',
  fieldConditionUnknown: 'A condition names a field that does not exist',
  fieldConditionCycle: 'Conditions refer to each other in a cycle',
  reasonRequired: 'Please give a reason.',
} as const;
