/**
 * The one place notifications come from: a domain change calls the notifier inside its unit of
 * work; the row is written in that transaction, and the reseller's channel hears it only if it
 * commits (announced in it on the PostgreSQL bus, or published after it otherwise).
 * Every wallet change also announces the new balance here.
 */
import { centsToDollars, REALTIME_EVENTS, resellerChannel, type NoticeText } from '@partner-panel/sdk';
import { randomUUID } from 'node:crypto';
import type { Unit } from '../../db/unit.js';
import { notifications } from '../../db/schema/index.js';
import type { Realtime } from '../../adapters/realtime/index.js';
import { presentNotification } from './present.js';

export const NOTIFICATION_TYPES = [
  'email_verified',
  'password_changed',
  'password_reset',
  'status_changed',
  'coupons_generated',
  'coupon_refunded',
  'vpn_created',
  'vpn_updated',
  'vpn_status',
  'vpn_renewed',
  'vpn_suspended',
  'low_balance',
  'coupon_redeemed',
  'payment_received',
  'invoice_created',
  'account_updated',
  'balance_adjusted',
  'invoice_paid',
  'webhook_disabled',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export interface NotificationInput {
  type: NotificationType;
  /** One of the contract's notices (sdk notices.ts), which the portal shows in each reader's language. */
  message: NoticeText;
  /** A portal path under the reseller's prefix ('coupons/list'), or null. */
  redirect?: string | null;
  /** The record the notification is about (a coupon batch, a VPN account). */
  refId?: string | number | null;
  /**
   * For this member alone (their own password changed or reset): only their bell holds it, and it is
   * not sent on the account's channel, which every member hears (the change ends the person's
   * sessions and sockets anyway; they read it when they sign in again).
   */
  personId?: number;
}

const values = (resellerId: number, input: NotificationInput) => ({
  resellerId,
  type: input.type,
  message: input.message,
  redirect: input.redirect ?? null,
  refId: input.refId === undefined || input.refId === null ? null : String(input.refId),
  personId: input.personId ?? null,
});

/** Pusher's name of the reseller's private channel. */
export const pusherChannel = (resellerId: number) => `private-${resellerChannel(resellerId)}`;

export function createNotifier(realtime: Realtime) {
  return {
    async notify(unit: Unit, resellerId: number, input: NotificationInput) {
      const [row] = await unit.tx.insert(notifications).values(values(resellerId, input)).returning();
      if (!row || row.personId !== null) return;
      realtime.announce(unit, pusherChannel(resellerId), REALTIME_EVENTS.notification, presentNotification(row, null));
    },

    /**
     * The notification as its row, for a grouped charge (wallet/group-commit.ts): its uid drawn
     * here, so that `published` can tell the channel once the charge has committed at `at`.
     */
    row: (resellerId: number, input: NotificationInput) => ({ uid: randomUUID(), ...values(resellerId, input) }),
    published(row: ReturnType<typeof values> & { uid: string }, at: Date) {
      realtime.publish(pusherChannel(row.resellerId), REALTIME_EVENTS.notification, presentNotification({ ...row, seq: 0, createdAt: at }, null));
    },

    /** Announces a wallet's new balance once the change has committed. */
    balanceChanged(unit: Unit, resellerId: number, balanceCents: number) {
      realtime.announce(unit, pusherChannel(resellerId), REALTIME_EVENTS.balance, { balance: centsToDollars(balanceCents) });
    },
  };
}

export type Notifier = ReturnType<typeof createNotifier>;
