import { APPSUMO_STANDARD_USERS, accountPlanKind, MESSAGES } from '@esign/shared';
import { countPaidSeatPurchases, findSubscription } from '../../data/billing.js';
import type { UserRow } from '../../data/users.js';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import type { BillingService } from '../billing/index.js';

/** How many people (members and pending invitations, the owner included) an account's plan pays for now. */
export interface SeatCover {
  /** -1: no limit (the unlimited lifetime deal, or a Business plan an operator granted without a subscription). */
  covered: number;
  /** More can be bought: a Business subscription (its users are its seats). */
  isBilled: boolean;
  /**
   * When more can be bought, the start of the next purchase's idempotency key: the period's start and how many seat
   * purchases were paid before it. Two tries of one purchase share it (one charge); after a purchase it moves on, so
   * buying the same head count again (after a removal) is a purchase of its own.
   */
  purchaseKey: string | null;
}

/** The seats a team's owner pays for, through billing (section 9, team pricing; AppSumo users). */
export interface SeatBilling {
  cover(db: Db, owner: UserRow): Promise<SeatCover>;
  /** Sets the subscription's user count: more are charged at once (prorated), once per key; fewer cost nothing. */
  setSeats(input: { ownerId: string; quantity: number; key: string }): Promise<void>;
  /**
   * After a removal: a Business subscription counting more users than `people` is lowered (the next renewal), and
   * the seats of `untakenSeats` removed pending invitations are credited for the rest of the period.
   */
  release(db: Db, ownerId: string, seats: { people: number; untakenSeats: number }): Promise<void>;
  /** What adding `seats` users costs now and each period. */
  preview(input: { ownerId: string; seats: number }): Promise<{
    perSeatCents: number;
    chargeCents: number;
    label: '/mo' | '/yr';
  }>;
}

export function teamSeats(billing: BillingService): SeatBilling {
  return {
    async cover(db, owner) {
      const kind = accountPlanKind(owner);
      if (kind === 'appsumo_full') return { covered: -1, isBilled: false, purchaseKey: null };
      const subscription = await findSubscription(db, owner.id);
      const isBilled = subscription?.planType === 'business';
      const purchaseKey = isBilled
        ? `${subscription.currentPeriodStart.toISOString()}:${await countPaidSeatPurchases(db, subscription)}`
        : null;
      if (kind === 'appsumo_standard') {
        const covered = Math.max(APPSUMO_STANDARD_USERS, isBilled ? subscription.userQuantity : 0);
        return { covered, isBilled, purchaseKey };
      }
      if (kind === 'business') {
        return isBilled
          ? { covered: subscription.userQuantity, isBilled, purchaseKey }
          : { covered: -1, isBilled: false, purchaseKey: null };
      }
      throw new AppError('FORBIDDEN', MESSAGES.teamNeedsBusiness);
    },
    async setSeats(input) {
      await billing.changeSeatCount({ userId: input.ownerId, userQuantity: input.quantity, idempotencyKey: input.key });
    },
    release: (db, ownerId, seats) => billing.releaseSeats(db, { userId: ownerId, ...seats }),
    async preview(input) {
      return billing.previewSeatCharge({ userId: input.ownerId, seats: input.seats });
    },
  };
}
