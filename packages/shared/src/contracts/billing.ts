import { z } from 'zod';
import {
  API_PLAN_TYPES,
  APPSUMO_CODE_LENGTH,
  PAYMENT_SURVEY_OPTIONS,
  PAYMENT_SURVEY_OTHER_MAX,
  PURCHASABLE_API_PLANS,
} from '../account/billing.js';
import { PLAN_DURATIONS, PLAN_TYPES } from '../api/constants.js';
import { ROUTES } from '../api/routes.js';
import { email, newPassword, personName, plainText } from '../validation/inputs.js';
import { MESSAGES } from '../validation/messages.js';
import { messageResponse, tokenPair } from './auth.js';
import { user } from './user.js';

/** The Luhn check digit of a card number (digits only). */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** MM/YYYY or MM/YY as a month and a four-digit year; null when it does not read as one. */
export function parseCardExpiry(value: string): { month: number; year: number } | null {
  const match = /^(\d{2})\/(\d{2}|\d{4})$/.exec(value.trim());
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]?.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/** A card is good through the last day of its expiry month. */
export function isCardExpired(expiry: { month: number; year: number }, now: Date): boolean {
  return now.getTime() >= Date.UTC(expiry.year, expiry.month, 1);
}

/** Section 5, card number: digits only (spaces of the mask dropped), 15 or 16 of them, and a right check digit. */
export const cardNumber = z
  .string({ error: MESSAGES.required })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .min(1, MESSAGES.required)
      .regex(/^\d+$/, MESSAGES.onlyDigitsAllowed)
      .refine((value) => value.length === 15 || value.length === 16, MESSAGES.cardNumberLength)
      .refine(passesLuhn, MESSAGES.cardNumberInvalid),
  );

/** Section 5, expiration date: MM/YYYY or MM/YY, in the future. */
export const cardExpirationDate = z
  .string({ error: MESSAGES.required })
  .min(1, MESSAGES.required)
  .refine((value) => parseCardExpiry(value) !== null, MESSAGES.invalidDate)
  .refine((value) => {
    const expiry = parseCardExpiry(value);
    return expiry === null || !isCardExpired(expiry, new Date());
  }, MESSAGES.expirationInFuture);

export const cardCvv = z.string({ error: MESSAGES.required }).regex(/^\d{3,4}$/, MESSAGES.cvvLength);
export const postalCode = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, MESSAGES.required)
  .max(10, MESSAGES.postalCodeLength);

/** The card form (section 3). Its number and cvv go to the payment gateway and nowhere else. */
export const cardForm = z.object({
  number: cardNumber,
  expirationDate: cardExpirationDate,
  cvv: cardCvv,
  cardholderName: personName,
  postalCode,
});
export type CardForm = z.input<typeof cardForm>;

/** Section 3, Card: what is kept and shown of a saved card. */
export const card = z.object({
  cardType: z.string(),
  last4: z.string().length(4),
  /** MM/YYYY */
  expirationDate: z.string(),
  cardholderName: z.string(),
});
export type Card = z.infer<typeof card>;

export const getCreditCard = { ...ROUTES.getCreditCard, response: card.nullable() } as const;
export const addCreditCard = { ...ROUTES.addCreditCard, body: cardForm, response: card } as const;
/** PATCH credit-card: a new card replaces the saved one ('Card details updated'). */
export const updateCreditCard = { ...ROUTES.updateCreditCard, body: cardForm, response: card } as const;

/** Billing details (section 5: an empty value is sent as null). */
const detail = (max: number, message: string = MESSAGES.maxLength100) =>
  plainText().trim().max(max, message).nullable();
export const billingDetails = z.object({
  companyName: detail(100),
  address: detail(100),
  city: detail(100),
  postalCode: detail(10, MESSAGES.postalCodeLength),
  country: detail(100),
  vatId: detail(50),
});
export type BillingDetails = z.infer<typeof billingDetails>;
export const updateBillingDetails = {
  ...ROUTES.updateBillingDetails,
  body: billingDetails,
  response: billingDetails,
} as const;

export const plan = z.object({ type: z.enum(PLAN_TYPES), duration: z.enum(PLAN_DURATIONS) });

/** One row of GET plans: a plan, its price and its place in the ranking. */
export const planOffer = plan.extend({
  rank: z.number().int(),
  /** One user's price for the period, and its discount (the annual 20%), in dollars with 2 decimals. */
  amount: z.string(),
  discountAmount: z.string(),
  /** What one user pays a month. */
  pricePerMonth: z.string(),
  isPerUser: z.boolean(),
  documentsPerMonth: z.number().int(),
  templateLimit: z.number().int(),
});
export const getPlans = {
  ...ROUTES.getPlans,
  response: z.object({
    current: plan,
    isAppSumo: z.boolean(),
    appSumoCodes: z.number().int(),
    plans: z.array(planOffer),
  }),
} as const;

/** Section 4: the survey's answer, one of the options; 'Other' carries its text. */
export const paymentSurveyAnswer = z
  .object({
    option: z.enum(PAYMENT_SURVEY_OPTIONS),
    other: z.string().trim().max(PAYMENT_SURVEY_OTHER_MAX, MESSAGES.maxLength100).optional(),
  })
  .refine((answer) => answer.option !== 'Other' || (answer.other ?? '').length > 0, {
    message: MESSAGES.surveyOtherRequired,
    path: ['other'],
  });
export type PaymentSurveyAnswer = z.infer<typeof paymentSurveyAnswer>;

export const changePlanRequest = plan.extend({ paymentSurveyAnswer: paymentSurveyAnswer.optional() });
export type ChangePlanRequest = z.input<typeof changePlanRequest>;

/** Section 3, Subscription info; money in dollars with 2 decimals. */
export const subscriptionInfo = z.object({
  plan,
  status: z.enum(['active', 'past_due']),
  userQuantity: z.number().int(),
  amount: z.string(),
  discountQuantity: z.number().int(),
  discountAmount: z.string(),
  addOns: z.array(z.object({ amount: z.string(), quantity: z.number().int() })),
  discounts: z.array(z.object({ amount: z.string(), quantity: z.number().int() })),
  /** 'MMMM DD, YYYY'; null on Free. */
  nextBillingDate: z.string().nullable(),
  /** userQuantity x amount - discountQuantity x discountAmount. */
  total: z.string(),
  credit: z.string(),
  isLifetime: z.boolean(),
  hasPaymentSurveyAnswer: z.boolean(),
  billingDetails: billingDetails.nullable(),
});
export type SubscriptionInfo = z.infer<typeof subscriptionInfo>;

export const changePlan = {
  ...ROUTES.changePlan,
  body: changePlanRequest,
  response: messageResponse.extend({ subscription: subscriptionInfo }),
} as const;
export const getSubscriptions = { ...ROUTES.getSubscriptions, response: subscriptionInfo } as const;
export const cancelSubscription = {
  ...ROUTES.cancelSubscription,
  response: messageResponse.extend({ subscription: subscriptionInfo }),
} as const;

/** Section 3, Invoice; `pdfKey` null while its PDF is being made (download it through auth/get_signed_download_url). */
export const invoice = z.object({
  id: z.string().uuid(),
  number: z.string(),
  createdAt: z.string(),
  amount: z.string(),
  currency: z.string(),
  description: z.string(),
  pdfKey: z.string().nullable(),
});
export type Invoice = z.infer<typeof invoice>;
export const getInvoices = {
  ...ROUTES.getInvoices,
  querystring: z.object({ type: z.enum(['plan', 'api']).optional() }),
  response: z.array(invoice),
} as const;

/** Section 5: an AppSumo code is 10 word characters. */
export const appSumoCode = z
  .string({ error: MESSAGES.required })
  .trim()
  .regex(new RegExp(`^\\w{${APPSUMO_CODE_LENGTH}}$`), MESSAGES.appSumoCodeFormat);
export const upgradeAppSumo = {
  ...ROUTES.upgradeAppSumo,
  body: z.object({ code: appSumoCode }),
  response: messageResponse.extend({ appSumoCodes: z.number().int() }),
} as const;

/**
 * auth/sign_in/appsumo (spec part 1, sections 4 and 7): the lifetime-deal link's token is a lifetime code.
 * Logged in (a bearer token): the code is redeemed on the caller's account, as plans/upgrade_appsumo. Logged out:
 * the token alone checks the code ('sign_up_required': the page asks for the account's details); with name, e-mail
 * and password it makes the account with the code spent, and the address is confirmed as after /signup.
 */
export const signInAppSumoRequest = z.object({
  token: appSumoCode,
  name: personName.optional(),
  email: email.optional(),
  password: newPassword.optional(),
});
export type SignInAppSumoRequest = z.input<typeof signInAppSumoRequest>;
export const signInAppSumo = {
  ...ROUTES.signInAppSumo,
  body: signInAppSumoRequest,
  response: z.discriminatedUnion('type', [
    messageResponse.extend({ type: z.literal('redeemed'), appSumoCodes: z.number().int() }),
    z.object({ type: z.literal('sign_up_required') }),
    z.object({ type: z.literal('email_confirmation_required'), email: z.string() }),
  ]),
} as const;

export const apiPlan = z.object({ type: z.enum(API_PLAN_TYPES), duration: z.enum(PLAN_DURATIONS) });
export const apiSubscriptionInfo = z.object({
  plan: apiPlan,
  amount: z.string(),
  nextBillingDate: z.string().nullable(),
  requestsMonthlyLimit: z.number().int(),
  templatesLimit: z.number().int(),
  /** The API flag (spec part 2, section 6): the API keys' table is shown once an API plan was chosen. */
  isApiEnabled: z.boolean(),
});
export const changeApiPlan = {
  ...ROUTES.changeApiPlan,
  body: z.object({ type: z.enum(PURCHASABLE_API_PLANS), duration: z.enum(PLAN_DURATIONS) }),
  response: messageResponse.extend({ subscription: apiSubscriptionInfo }),
} as const;
export const deleteApiPlan = {
  ...ROUTES.deleteApiPlan,
  response: messageResponse.extend({ subscription: apiSubscriptionInfo }),
} as const;
export const getApiSubscriptions = { ...ROUTES.getApiSubscriptions, response: apiSubscriptionInfo } as const;

/** The operator's call that mints lifetime codes: the raw codes are answered this once (only their hashes are kept). */
export const operatorMintAppSumoCodes = {
  ...ROUTES.operatorMintAppSumoCodes,
  body: z.object({ count: z.number().int().min(1).max(1000) }),
  response: z.object({ codes: z.array(z.string()) }),
} as const;

/** Direct purchase (spec part 1, section 4): the account waits for its mailed 10-character code. */
export const SIGN_UP_CODE_LENGTH = 10;
export const prepareSignUp = {
  ...ROUTES.prepareSignUp,
  body: z.object({ name: personName, email, password: newPassword }),
  response: z.object({ id: z.string().uuid() }),
} as const;
export const signUpWithCode = {
  ...ROUTES.signUpWithCode,
  body: z.object({
    userId: z.string().uuid({ error: MESSAGES.signUpCodeInvalid }),
    confirmCode: z.string().trim().length(SIGN_UP_CODE_LENGTH, MESSAGES.signUpCodeInvalid),
  }),
  response: tokenPair.extend({ user, message: z.string() }),
} as const;
