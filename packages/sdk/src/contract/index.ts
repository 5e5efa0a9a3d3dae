/** The whole API: every call the browser, the widget and client code make, by name. */
import * as account from './calls/account.js';
import * as billing from './calls/billing.js';
import * as client from './calls/client.js';
import * as coupons from './calls/coupons.js';
import * as meta from './calls/meta.js';
import * as insight from './calls/insight.js';
import * as partner from './calls/partner.js';
import * as profile from './calls/profile.js';
import * as security from './calls/security.js';
import * as users from './calls/users.js';
import * as vpn from './calls/vpn.js';
import * as webhooks from './calls/webhooks.js';
import * as whiteLabel from './calls/whiteLabel.js';
import * as team from './calls/team.js';
import * as operator from './calls/operator.js';
import * as operatorResellers from './calls/operatorResellers.js';
import * as operatorMoney from './calls/operatorMoney.js';
import * as operatorDashboard from './calls/operatorDashboard.js';
import type { AnyCall } from './define.js';

const pick = <T extends Record<string, unknown>>(mod: T) =>
  Object.fromEntries(
    Object.entries(mod).filter(([, v]) => typeof v === 'object' && v !== null && 'path' in v && 'method' in v),
  ) as { [K in keyof T as T[K] extends AnyCall ? K : never]: T[K] };

export const contract = {
  ...pick(account),
  ...pick(profile),
  ...pick(security),
  ...pick(coupons),
  ...pick(insight),
  ...pick(vpn),
  ...pick(billing),
  ...pick(users),
  ...pick(partner),
  ...pick(client),
  ...pick(webhooks),
  ...pick(whiteLabel),
  ...pick(team),
  ...pick(operator),
  ...pick(operatorResellers),
  ...pick(operatorMoney),
  ...pick(operatorDashboard),
  ...pick(meta),
};

export type Contract = typeof contract;
export type CallName = keyof Contract;

export * from './define.js';
export * from './envelope.js';
export * from './constants.js';
export * from './messages.js';
export * from './errorCodes.js';
export * from './rules.js';
export * from './common.js';
export * from './issues.js';
export * from './events.js';
export * from './roles.js';
export { memberSchema, signedInUser, teamMemberRow, invitationRow, accountRow, roleSchema } from './calls/team.js';
export type { Member, SignedInUser, TeamMemberRow, InvitationRow } from './calls/team.js';
export { productsSchema, couponRow, couponFilter, generateCouponsBody, resellerRow } from './calls/coupons.js';
export type { Products, CouponRow } from './calls/coupons.js';
export { whiteLabelEnquiryBody, whiteLabelEnquiryRow, whiteLabelNoteRow, WHITE_LABEL_STATUSES, WHITE_LABEL_NOTE_MAX, WHITE_LABEL_REPLY_MAX } from './calls/whiteLabel.js';
export { CATALOGUE_ITEM_TYPES, CATALOGUE_CHANGES, catalogueProductRow, catalogueAddonRow, catalogueChangeRow, operatorAuditFilter, operatorAuditRow } from './calls/operator.js';
export type { CatalogueProductRow, CatalogueAddonRow, CatalogueChangeRow, OperatorAuditFilter, OperatorAuditRow } from './calls/operator.js';
export { RESELLER_STATUSES, RESELLER_TERMS, CREDIT_LIMIT_MAX_USD, operatorResellerRow } from './calls/operatorResellers.js';
export type { OperatorResellerRow } from './calls/operatorResellers.js';
export { MONEY_KINDS, MONEY_STATUSES, MISMATCH_KINDS, moneyFilter, moneyRow, adjustmentRow, mismatchRow, reconciliation, isDay } from './calls/operatorMoney.js';
export { PROGRAMME_RANGES, FAILING_ENDPOINTS_LISTED, programmeDashboardAnswer, programmeTotals, programmeDay, programmeHealth, failingEndpoint } from './calls/operatorDashboard.js';
export type { ProgrammeRange, ProgrammeTotals, ProgrammeDay, ProgrammeHealth, FailingEndpoint, ProgrammeDashboard } from './calls/operatorDashboard.js';
export type { MoneyKind, MoneyStatus, MismatchKind, MoneyFilter, MoneyRow, AdjustmentRow, MismatchRow, Reconciliation } from './calls/operatorMoney.js';
export type { WhiteLabelEnquiryRow, WhiteLabelNoteRow, WhiteLabelStatus } from './calls/whiteLabel.js';
export { vpnAccount, vpnListRow, hostingStatus } from './calls/vpn.js';
export type { VpnAccount } from './calls/vpn.js';
export { notificationSchema, notificationDataSchema } from './calls/profile.js';
export type { NotificationData } from './calls/profile.js';
export { invoiceSchema, transactionSchema, paymentMethodSchema, paymentSchema, cardErrorSchema, paymentFormSchema } from './calls/billing.js';
export type { Invoice, Payment, PaymentMethod, Transaction } from './calls/billing.js';
export { userProfileSchema, auditEntrySchema, adjustmentMessages } from './calls/users.js';
export type { AuditEntry } from './calls/users.js';
export { redeemBody, embedOrigin, redeemEmbedInput, redeemEmbed } from './calls/partner.js';
export type { RedeemEmbed } from './calls/partner.js';
export { clientUser, clientUserRecord, keyModeSchema } from './calls/client.js';
export { TWO_FACTOR_MESSAGES, secondFactorCode, sessionSchema, securityEventSchema, totpCode, twoFactorState } from './calls/security.js';
export type { ClientUser } from './calls/client.js';
export { webhookEvent, webhookEndpoint, webhookDelivery, webhookAttempt } from './calls/webhooks.js';
export type { WebhookEndpoint, WebhookDelivery } from './calls/webhooks.js';
export { INSIGHT_RANGES, insightPointSchema, subResellerRowSchema, forecastSchema } from './calls/insight.js';
export type { InsightRange, InsightPoint, SubResellerRow, Forecast } from './calls/insight.js';
