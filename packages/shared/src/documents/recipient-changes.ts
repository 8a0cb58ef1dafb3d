/**
 * Limits of the changes to a sent document's signers (issue 36): a correction by the sender, a reassignment by
 * the signer, a signing hosted in person on the sender's device.
 */

/** Reassignments of one document in the window, from any signer: past it, 429 (each one mails a stranger). */
export const REASSIGN_LIMIT = 5;
export const REASSIGN_WINDOW_SECONDS = 24 * 60 * 60;
/** An in-person signing's link lives this long in the sender's browser, and only until that signer signs. */
export const IN_PERSON_TOKEN_TTL_SECONDS = 30 * 60;
/** A signer's own access code (a correction), as the document's. */
export const SIGNER_ACCESS_CODE_MAX_LENGTH = 100;
