import { z } from 'zod';
import { EVENT_TYPES } from '../api/events.js';
import { ROUTES } from '../api/routes.js';
import { hasNoControlCharacters } from '../validation/inputs.js';
import { MESSAGES } from '../validation/messages.js';

const webhookParams = z.object({ id: z.string().uuid() });

export const webhookSubscription = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(EVENT_TYPES)),
  isEnabled: z.boolean(),
  /** Disabled by the server after failing for days (the owner was mailed), or null. */
  disabledAt: z.string().nullable(),
  failingSince: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookSubscription = z.infer<typeof webhookSubscription>;

const webhookUrl = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, MESSAGES.required)
  .max(2000)
  .regex(/^https?:\/\/\S+$/i, MESSAGES.webhookUrlInvalid)
  .refine(hasNoControlCharacters, MESSAGES.webhookUrlInvalid);
const webhookEvents = z.array(z.enum(EVENT_TYPES)).min(1, MESSAGES.webhookEventsRequired).max(EVENT_TYPES.length);

export const createWebhookRequest = z.object({ url: webhookUrl, events: webhookEvents });
export type CreateWebhookRequest = z.infer<typeof createWebhookRequest>;

export const listWebhooks = {
  ...ROUTES.listWebhooks,
  response: z.object({ webhooks: z.array(webhookSubscription) }),
} as const;

/** The secret (`whsec_…`) is shown this once; the server keeps it encrypted to sign with it. */
export const createWebhook = {
  ...ROUTES.createWebhook,
  body: createWebhookRequest,
  response: z.object({ webhook: webhookSubscription, secret: z.string() }),
} as const;

/** `isEnabled: true` turns a subscription the server disabled back on. */
export const updateWebhook = {
  ...ROUTES.updateWebhook,
  params: webhookParams,
  body: z.object({ url: webhookUrl.optional(), events: webhookEvents.optional(), isEnabled: z.boolean().optional() }),
  response: webhookSubscription,
} as const;

export const deleteWebhook = {
  ...ROUTES.deleteWebhook,
  params: webhookParams,
  response: z.object({ success: z.literal(true) }),
} as const;

/** A new secret; the one it replaces goes on signing beside it for 24 hours. */
export const rotateWebhookSecret = {
  ...ROUTES.rotateWebhookSecret,
  params: webhookParams,
  response: z.object({ secret: z.string(), previousSecretExpiresAt: z.string() }),
} as const;

export const sendWebhookTest = {
  ...ROUTES.sendWebhookTest,
  params: webhookParams,
  response: z.object({ deliveryId: z.string() }),
} as const;

export const webhookAttempt = z.object({
  id: z.string(),
  isSuccess: z.boolean(),
  responseStatus: z.number().nullable(),
  /** The first 2 KB of the receiver's answer. */
  responseBody: z.string().nullable(),
  error: z.string().nullable(),
  durationMs: z.number(),
  isManual: z.boolean(),
  createdAt: z.string(),
});
export type WebhookAttempt = z.infer<typeof webhookAttempt>;

export const webhookDelivery = z.object({
  /** The `webhook-id` header the receiver saw. */
  id: z.string(),
  eventType: z.string(),
  documentId: z.string().nullable(),
  status: z.enum(['pending', 'delivered', 'failed']),
  createdAt: z.string(),
  attempts: z.array(webhookAttempt),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;

/** The subscription's deliveries, newest first, each with its tries (the delivery log). */
export const listWebhookDeliveries = {
  ...ROUTES.listWebhookDeliveries,
  params: webhookParams,
  querystring: z.object({
    page: z.coerce.number().int().min(1).max(1000).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(20),
  }),
  response: z.object({ deliveries: z.array(webhookDelivery), total: z.number() }),
} as const;

/** Sends the delivery again now (one try, logged as made by hand), whatever its status. */
export const replayWebhookDelivery = {
  ...ROUTES.replayWebhookDelivery,
  params: z.object({ id: z.string().uuid(), deliveryId: z.string() }),
  response: z.object({ success: z.literal(true) }),
} as const;
