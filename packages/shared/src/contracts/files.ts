import { z } from 'zod';
import { ROUTES } from '../api/routes.js';
import { hasNoControlCharacters } from '../validation/inputs.js';
import { MESSAGES } from '../validation/messages.js';

const fileKey = z.string({ error: MESSAGES.required }).min(1, MESSAGES.required).max(512, 'Invalid file key');
const fileName = z
  .string({ error: MESSAGES.required })
  .min(1, MESSAGES.required)
  .max(100, MESSAGES.fileNameTooLong)
  .refine(hasNoControlCharacters, MESSAGES.controlCharacters);

export const ASSET_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/bmp'] as const;

export const signedUrlRequest = z.object({ key: fileKey });
export const signedUrlResponse = z.object({ url: z.string() });
/** A URL that reads one file the caller may see, for at most one hour. */
export const getSignedUrl = {
  ...ROUTES.getSignedUrl,
  body: signedUrlRequest,
  response: signedUrlResponse,
} as const;

export const getSignedUrlsBulk = {
  ...ROUTES.getSignedUrlsBulk,
  body: z.object({ keys: z.array(fileKey).min(1, MESSAGES.required).max(100) }),
  response: z.record(z.string(), z.string()),
} as const;

/** Like getSignedUrl, but the browser saves the file (under `fileName` when given). */
export const getSignedDownloadUrl = {
  ...ROUTES.getSignedDownloadUrl,
  body: z.object({ key: fileKey, fileName: fileName.optional() }),
  response: z.object({ result: z.string() }),
} as const;

export const signedPutResponse = z.object({ key: z.string(), url: z.string(), contentType: z.string() });

/** A URL to PUT a new file of a draft document to; the key is chosen by the server. */
export const putSignedUrl = {
  ...ROUTES.putSignedUrl,
  body: z.object({
    documentId: z.string().uuid({ error: MESSAGES.documentNotFound }),
    fileName,
    contentType: z.enum(['application/pdf', ...ASSET_CONTENT_TYPES], { error: MESSAGES.fileTypeNotAllowed }),
  }),
  response: signedPutResponse,
} as const;

/** A URL to PUT a new image asset of the user (signature image, logo, avatar); the key is chosen by the server. */
export const putSignedAssetUrl = {
  ...ROUTES.putSignedAssetUrl,
  body: z.object({ fileName, contentType: z.enum(ASSET_CONTENT_TYPES, { error: MESSAGES.fileTypeNotAllowed }) }),
  response: signedPutResponse,
} as const;
