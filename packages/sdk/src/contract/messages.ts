/**
 * The error catalogue: every code and message the product shows, verbatim from the spec where the
 * spec gives one. `status` is the envelope header status; `http` the HTTP status the server uses.
 *
 * Header status `forbidden` is reserved for a missing, invalid or expired session: the client signs
 * the user out on it (000 §4). A signed-in user refused an action gets status `error` and HTTP 403.
 */
export interface CatalogueEntry {
  readonly code: string;
  readonly message: string;
  readonly http: number;
  readonly status?: 'error' | 'forbidden' | 'actionrequired';
  /** Shown without its code when it stands in for a missing message (the spec words it so). */
  readonly bare?: true;
}

// The code's own literal type, so that a copy of it elsewhere (./errorCodes) is checked against it.
const entry = <C extends string>(code: C, message: string, http = 422, status?: CatalogueEntry['status']) =>
  ({ code, message, http, ...(status ? { status } : {}) }) as const satisfies CatalogueEntry;
const bare = <E extends CatalogueEntry>(e: E) => ({ ...e, bare: true }) as const;

export const errors = {
  // --- conventions (000 §7, §8)
  csrfMissing: entry('rspf-csrf-1001', 'CSRF token not found. Please refresh the page and try again.', 419),
  csrfMismatch: entry('rspf-csrf-1002', 'CSRF token mismatch. Please refresh the page and try again.', 419),
  formInit: bare(entry('rspf-form-1003', 'Failed to initialize form. Please refresh the page.', 500)),
  captchaFailed: entry('rspf-captcha-1004', 'Captcha verification failed. Please try again.', 422),
  validation: entry('rspf-validation-1005', 'The given data was invalid.', 422),
  sessionExpired: entry('rspf-auth-1006', 'Your session has expired. Please sign in again.', 401, 'forbidden'),
  tooManyAttempts: entry('rspf-throttle-1007', 'Too many attempts. Please try again in ${wait}.', 429),
  notFound: entry('rspf-404', 'The requested resource was not found.', 404),
  internal: entry('rspf-500', 'Something went wrong. Please try again.', 500),
  network: entry('rspf-network', 'Network error. Please check your connection and try again.', 0),
  // --- sign-in and sign-up (000 §8)
  loginFailed: entry('rspf-login-1011', 'Unable to Login', 401),
  emailNotVerified: entry(
    'rspf-login-1014',
    'Please verify your email address first. We have sent a new verification link to your inbox.',
    403,
  ),
  logoutFailed: entry('rspf-logout-1012', 'Unable to Logout', 500),
  // --- two-factor sign-in (ours)
  twoFactorRequired: entry('rspf-login-1015', 'Enter the code from your authenticator app to finish signing in.', 401, 'actionrequired'),
  twoFactorSetupRequired: entry('rspf-login-1016', 'Your administrator requires two-factor sign-in. Set it up to finish signing in.', 401, 'actionrequired'),
  twoFactorCodeWrong: entry('rspf-login-1017', 'That code is not right. Check your authenticator app and try again.', 401),
  twoFactorChallengeExpired: entry('rspf-login-1018', 'This sign-in has expired. Please start again with your email address.', 410),
  twoFactorAlreadyOn: entry('rspf-2fa-1061', 'Two-factor sign-in is already on.', 409),
  twoFactorOff: entry('rspf-2fa-1062', 'Two-factor sign-in is not on.', 409),
  twoFactorNoSetup: entry('rspf-2fa-1063', 'Start the set-up again: no new secret is waiting to be confirmed.', 409),
  twoFactorEnforced: entry('rspf-2fa-1064', 'Your administrator requires two-factor sign-in, so it cannot be turned off.', 403),
  passwordWrong: entry('rspf-2fa-1065', 'Your password is incorrect.', 422),
  sessionNotFound: entry('rspf-session-1071', 'This session is not signed in any more.', 404),
  passkeyFailed: entry('rspf-passkey-1081', 'The passkey could not be checked. Please try again.', 422),
  passkeyNotFound: entry('rspf-passkey-1082', 'This passkey does not exist.', 404),
  emailTaken: entry('rspf-register-1021', 'This email address is already registered.', 409),
  verificationInvalid: entry('rspf-verify-1031', 'This verification link is invalid or has expired.', 410),
  alreadyVerified: entry('rspf-verify-1032', 'User Already Verified', 409),
  resetInvalid: entry('rspf-reset-1041', 'This password reset link is invalid or has expired.', 410),
  oldPasswordWrong: entry('rspf-password-1042', 'Old password is incorrect.', 422),
  samePassword: entry('rspf-password-1043', 'The new password must be different from the old one.', 422),
  accountMismatch: entry('rspf-password-1044', 'These details do not belong to your account.', 403),
  // --- profile (000 §5, §8)
  updateProfileFailed: entry('rspf-update-profile-1022', 'Unable to update, Please try again', 422),
  nothingToUpdate: entry('rspf-update-profile-1023', 'Nothing to update', 422),
  fieldEmpty: entry('rspf-update-profile-1024', 'Field is empty', 422),
  fieldNotEditable: entry('rspf-update-profile-1025', 'This field cannot be updated.', 422),
  fetchDetails: entry('rspf-101', 'Unable to fetch details', 500),
  // --- access
  accountInactive: entry('rspf-account-1051', 'Your account is deactivated. Activate it on your profile to continue.', 403),
  adminOnly: entry('rspf-account-1052', 'Only admin resellers can do this.', 403),
  notYourUser: entry('rspf-account-1053', 'User undefined', 404),
  restricted: entry('rspf-account-1054', 'This is not available for your account.', 403),
  // --- teams (ours): a member's role, invitations, the account a session acts for
  memberForbidden: entry('rspf-team-1101', 'Your role (${role}) does not allow this. Ask an Owner or Administrator of the account.', 403),
  memberNotFound: entry('rspf-team-1102', 'This person is not a member of the account.', 404),
  ownerProtected: entry('rspf-team-1103', 'Only the Owner can change or remove the Owner; to hand the account over, the Owner transfers ownership.', 403),
  ownerOnly: entry('rspf-team-1104', 'Only the Owner of the account can do this.', 403),
  roleNotGrantable: entry('rspf-team-1105', 'An Owner is made only by transferring ownership; choose another role.', 422),
  alreadyMember: entry('rspf-team-1106', '${email} is already a member of this account.', 409),
  invitationPending: entry('rspf-team-1107', '${email} already has a pending invitation: resend it instead.', 409),
  invitationNotFound: entry('rspf-team-1108', 'Invitation not found.', 404),
  invitationUsed: entry('rspf-team-1109', 'This invitation has already been accepted. Sign in with the e-mail address it was sent to.', 410),
  invitationExpired: entry('rspf-team-1110', 'This invitation has expired. Ask the account for a new one.', 410),
  invitationRevoked: entry('rspf-team-1111', 'This invitation was withdrawn by the account. Ask the account for a new one.', 410),
  invitationOtherEmail: entry('rspf-team-1112', 'This invitation was sent to another e-mail address. Sign in as ${email} to accept it.', 403),
  invitationSignInFirst: entry('rspf-team-1113', '${email} already signs in here: sign in as that person, then accept the invitation.', 409),
  invitationClosed: entry('rspf-team-1114', 'This invitation is no longer pending, so it cannot be resent or revoked.', 409),
  limitOperationsOnly: entry('rspf-team-1115', 'A daily spending limit applies only to Operations members.', 422),
  notAMemberOf: entry('rspf-team-1116', 'You are not a member of this account.', 403),
  noAccount: entry('rspf-team-1117', 'This sign-in belongs to no account any more. Ask an account for an invitation.', 403),
  dailyLimitReached: entry(
    'rspf-wallet-4023',
    'Daily spending limit reached: you have spent ${spent} of your ${limit} today (UTC) and this charge is ${amount}. Ask the Owner to raise your limit.',
    402,
  ),
  teamTwoFactorRequired: entry('rspf-team-1118', 'This account requires two-factor sign-in of every member. Turn it on in your profile first.', 403),
  selfChange: entry('rspf-team-1119', 'You cannot change your own role or remove yourself; another Owner or Administrator can.', 403),
  // --- notifications and realtime
  notificationNotFound: entry('rspf-notification-6001', 'Notification not found.', 404),
  channelForbidden: entry('rspf-realtime-6002', 'You may only listen to your own channel.', 403),
  realtimeClientToken: entry(
    'rspf-realtime-6003',
    "The realtime channel is for the portal's signed-in resellers, not for API keys or their access tokens: your server hears of events through webhooks.",
    401,
  ),
  clientTokenOnSessionCall: entry(
    'rspf-auth-1008',
    'This is a v2 client API key or access token: it works only on the /api/v2/client calls. Portal calls need a signed-in reseller.',
    401,
  ),
  // --- products, coupons, wallet (001 §8)
  fetchProducts: entry('rspf-003', 'Unable to fetch products', 500),
  fetchCouponList: entry('rspf-003', 'Unable to fetch coupon list', 500),
  deleteCoupon: entry('rspf-003', 'Unable to delete coupon', 500),
  downloadCoupons: entry('rspf-013', 'Unable to download coupons', 500),
  generateCoupons: entry('rspf-301', 'Unable to generate coupons', 500),
  createCoupons: entry('rspf-301', 'Unable to create coupons', 500),
  fetchVpnList: entry('rspf-003', 'Unable to fetch vpn list', 500),
  sendCouponFailed: bare(entry('rspf-302', 'Failed to send coupon email', 500)),
  insufficientBalance: entry(
    'rspf-wallet-4021',
    'Insufficient Balance! your current balance is: ${balance} and transaction amount is: ${amount}',
    402,
  ),
  productNotFound: entry('rspf-product-5011', 'The selected product is not available.', 422),
  addonNotFound: entry('rspf-product-5012', 'The selected addon is not available.', 422),
  pricesChanged: entry('rspf-product-5013', 'The prices changed while this was being done. Please check them and try again.', 409),
  couponNotFound: entry('rspf-coupon-7011', 'Coupon not found.', 404),
  couponRedeemed: entry('rspf-coupon-7012', 'A redeemed coupon can be neither deleted nor refunded.', 409),
  couponAlreadyRedeemed: entry('rspf-coupon-7013', 'This coupon has already been redeemed.', 409),
  exportTicketInvalid: entry('rspf-coupon-7014', 'This download link has expired. Please export again.', 410),
  couponExpired: entry('rspf-coupon-7015', 'This coupon has expired and can no longer be redeemed, so it cannot be sent.', 410),
  userInactive: entry('rspf-account-1055', "This user's account is deactivated, so nothing can be bought for it.", 403),
  operatorOnly: entry('rspf-account-1057', "Only the provider's operator account can do this.", 403),
  notForOperator: entry('rspf-account-1058', 'The operator account has no wallet, coupons or customers of its own: this is a reseller\'s page.', 403),
  // --- the operator's catalogue (ours, issue 35)
  catalogueItemNotFound: entry('rspf-catalogue-6001', 'This product or addon is not in the catalogue.', 404),
  catalogueEffectivePast: entry('rspf-catalogue-6002', 'A scheduled change must take effect later than now: choose a later time, or make it effective now.', 422),
  operatorTwoFactor: entry('rspf-catalogue-6004', "The operator's members always sign in with a second factor: it cannot be turned off.", 422),
  catalogueUnchanged: entry('rspf-catalogue-6003', 'Nothing to change: it already is so.', 422),
  // --- the operator's resellers (ours, issue 35)
  accountSuspended: entry('rspf-account-1059', 'Your account is suspended by the provider (${reason}). Please contact the partner team to continue.', 403),
  userSuspended: entry('rspf-account-1060', "This user's account is suspended by the provider, so nothing can be bought for it.", 403),
  suspensionLocked: entry('rspf-account-1061', 'The provider suspended this account (${reason}): only the provider can reactivate it.', 403),
  resellerNotFound: entry('rspf-programme-6101', 'There is no reseller with this id.', 404),
  resellerAlreadySuspended: entry('rspf-programme-6102', 'This reseller is suspended already.', 422),
  resellerNotSuspended: entry('rspf-programme-6103', 'This reseller is not suspended: there is nothing to reactivate.', 422),
  parentNotAdmin: entry('rspf-programme-6104', 'The reseller it is placed under must be an admin reseller.', 422),
  adminStaysOnTop: entry('rspf-programme-6105', 'An admin reseller stays on its own: it cannot be placed under another.', 422),
  partnerStaysOnTop: entry('rspf-programme-6106', 'The partner reseller 903 stays on its own: it cannot be placed under an admin.', 422),
  termsOwed: entry('rspf-programme-6107', 'It owes ${owed}: record its settlement before making it prepaid.', 422),
  limitBelowOwed: entry('rspf-programme-6108', 'It owes ${owed}: the credit limit may not be below that.', 422),
  settleNotPostpaid: entry('rspf-programme-6109', 'This reseller is prepaid: it adds funds itself, so there is nothing to settle.', 422),
  settleNothingOwed: entry('rspf-programme-6110', 'It owes nothing: there is nothing to settle.', 422),
  settleTooMuch: entry('rspf-programme-6111', 'It owes ${owed}: a settlement may not be more than that.', 422),
  // --- the operator's money (ours, issue 35)
  moneyOperatorWallet: entry('rspf-money-6102', "The operator account has no wallet: choose a reseller's wallet to credit or debit.", 422),
  moneyBelowZero: entry('rspf-money-6103', "The wallet of ${name} holds ${balance}: a debit of ${amount} may not take it below zero.", 422),
  moneyPastCreditLimit: entry('rspf-money-6104', '${name} owes ${owed} of its ${limit} credit limit: a debit of ${amount} would take it past that limit.', 422),
  // --- the operator's white-label pipeline and audit log (ours, issue 35)
  enquiryNotFound: entry('rspf-pipeline-6201', 'This enquiry does not exist.', 404),
  enquiryChanged: entry('rspf-pipeline-6202', 'Someone changed this enquiry meanwhile: it is now ${status}. Look at it again, then choose.', 409),
  enquiryUnchanged: entry('rspf-pipeline-6203', 'Nothing to change: the enquiry already is so.', 422),
  ownerNotInTeam: entry('rspf-pipeline-6204', 'The owner must be a member of your team: choose one from the list.', 422),
  partnerPlanOnly: entry('rspf-account-1056', 'Your coupons are the recurring biennial plan, without addons.', 422),
  // --- VPN accounts (001 §5)
  vpnEmailRequired: entry('rspf-vpn-1001', 'Please enter email', 422),
  vpnSearchRequired: entry('rspf-vpn-1002', 'Please select search type or insert details', 422),
  vpnNotFound: entry('rspf-vpn-1003', 'VPN account not found.', 404),
  vpnDeleted: entry('rspf-vpn-1004', 'This VPN account has been deleted.', 409),
  vpnAlreadyActive: entry('rspf-vpn-1005', 'This VPN account is already enabled.', 409),
  vpnAlreadySuspended: entry('rspf-vpn-1006', 'This VPN account is already disabled.', 409),
  // --- billing and partner areas (002 §8)
  fetchInvoices: entry('rspf-003', 'Unable to fetch invoices', 500),
  fetchTransaction: entry('rspf-003', 'Unable to fetch transaction', 500),
  fetchTransactions: entry('rspf-003', 'Unable to fetch transactions', 500),
  fetchNotifications: entry('rspf-003', 'Unable to fetch Notifications', 500),
  fetchReseller: entry('rspf-003', 'Unable to fetch Reseller', 500),
  fetchPdf: entry('rspf-003', 'Unable to fetch PDF', 500),
  updateFailed: entry('rspf-update-1026', 'Unable to update, Please try again', 422),
  userAlreadyVerified: entry('rspf-user-8001', 'User Already Verified', 409),
  userNotVerified: entry('rspf-user-8002', 'Fields are editable only when the user is verified.', 409),
  invoiceNotFound: entry('rspf-invoice-4011', 'No Record Found', 404),
  invoicePaid: entry('rspf-invoice-4012', 'This invoice is already paid.', 409),
  transactionNotFound: entry('rspf-transaction-4021', 'No Record Found', 404),
  paymentFailed: entry('rspf-payment-4001', 'The payment could not be completed.', 402),
  paymentMethodUnavailable: entry('rspf-payment-4002', 'This payment method is not available.', 422),
  paymentNotFound: entry('rspf-payment-4003', 'Payment not found.', 404),
  paymentProviderDown: entry('rspf-payment-4004', 'The payment provider could not be reached. Please try again in a moment.', 502),
  /** A deposit's attempt left unfinished for a day: its payment's failure, as the success page shows it. */
  paymentExpired: entry('rspf-payment-4005', 'This deposit was not completed within 24 hours and has expired. You can pay it again from your invoices.', 410),
  invoiceCancelled: entry('rspf-invoice-4013', 'This invoice was cancelled and cannot be paid.', 409),
  webhookSignature: entry('rspf-webhook-4101', 'The notification signature could not be verified.', 400),
  creditLimitReached: entry(
    'rspf-wallet-4022',
    'Credit limit reached: your account owes ${owed} and this charge of ${amount} would pass its limit of ${limit}. Please contact us to settle your account.',
    402,
  ),
  secretKeyFetch: entry('rspf-key-3001', 'Error fetching secret key: ${reason}', 500),
  secretKeyGenerate: entry('rspf-key-3002', 'Failed to generate secret key.', 500),
  secretKeyRegenerate: entry('rspf-key-3003', 'Failed to regenerate secret key.', 500),
  secretKeyRegenerateError: entry('rspf-key-3004', 'Error regenerating key: ${reason}', 500),
  secretKeyDialog: entry('rspf-key-3005', 'There was a problem regenerating your key.', 500),
  secretKeyExists: entry('rspf-key-3006', 'A secret key already exists. Regenerate it instead.', 409),
  secretKeyMissing: entry('rspf-key-3007', 'No secret key has been generated yet.', 404),
  secretKeyStale: entry('rspf-key-3008', 'This key has already been replaced. Reload the page to see the current key.', 409),
  // --- the v2 client API (002 sandbox; the statuses it documents: 400, 401, 404, 409)
  clientKeyInvalid: entry('rspf-client-3101', 'Invalid secret key.', 401),
  clientTokenInvalid: entry('rspf-client-3102', 'The access token is missing, invalid or expired. Generate new tokens with your secret key or refresh token.', 401),
  clientRefreshInvalid: entry('rspf-client-3103', 'The refresh token is invalid, expired or already used.', 401),
  clientUserExists: entry('rspf-client-3104', 'User already exists', 409),
  clientUserNotFound: entry('rspf-client-3105', 'User not found', 404),
  clientOldPassword: entry('rspf-client-3106', 'The old password does not match.', 401),
  clientRateLimited: entry('rspf-client-3107', 'Rate limit exceeded: ${limit} requests a minute per key. Try again in ${wait}.', 429),
  clientSandboxOnly: entry('rspf-client-3108', 'This call is only available with a sandbox key.', 403),
  // --- lists read with a cursor, and the outgoing webhooks
  cursorUnknown: entry('rspf-list-1201', 'starting_after names no item of this list: pass the id of the last item of the page before.', 400),
  webhookEndpointNotFound: entry('rspf-webhook-4201', 'Webhook endpoint not found.', 404),
  webhookUrlInvalid: entry('rspf-webhook-4202', 'The URL must be a full http:// or https:// address, without a user name or password.', 422),
  webhookUrlHttps: entry('rspf-webhook-4203', 'Webhook URLs must start with https:// on this server.', 422),
  webhookUrlAddress: entry('rspf-webhook-4204', 'This URL reaches a private, loopback, link-local or other special-purpose address, which webhooks may not reach on this server.', 422),
  webhookUrlResolve: entry('rspf-webhook-4205', 'The host name of this URL could not be found. Check the address.', 422),
  webhookEndpointLimit: entry('rspf-webhook-4206', 'You can keep at most ${max} webhook endpoints per mode. Delete one first.', 409),
  webhookEndpointDisabled: entry('rspf-webhook-4207', 'This webhook endpoint is disabled. Enable it first.', 409),
  webhookDeliveryNotFound: entry('rspf-webhook-4208', 'Delivery not found.', 404),
  // --- Idempotency-Key (any state-changing call made with a bearer token)
  idempotencyKeyInvalid: entry('rspf-idempotency-1101', 'The Idempotency-Key header must be 1 to 255 visible ASCII characters.', 400),
  idempotencyMismatch: entry('rspf-idempotency-1102', 'This Idempotency-Key was already used with different parameters.', 422),
  idempotencyInProgress: entry('rspf-idempotency-1103', 'A request with this Idempotency-Key is still in progress. Try again shortly.', 409),
  // --- a JSON body as read, before any field is (any call that takes one)
  inputDuplicateKey: entry('rspf-input-1301', "The request body names the field '${field}' more than once. Send each field once.", 400),
  inputReservedKey: entry('rspf-input-1302', "The request body may not name a field '${field}': __proto__, constructor and prototype are not accepted as field names.", 400),
  inputCharset: entry('rspf-input-1303', 'The request body must be encoded as UTF-8: charset=${charset} is not accepted.', 415),
  // One answer for unknown, expired, redeemed, deleted and other-page codes: it tells a guesser nothing.
  redeemFailed: entry('rspf-redeem-9001', 'This coupon cannot be redeemed. Check the code, or ask the seller who gave it to you.', 422),
  redeemAddonRequired: entry('rspf-redeem-9002', 'This coupon includes a dedicated IP. Please select its location.', 200, 'actionrequired'),
} as const satisfies Record<string, CatalogueEntry>;

export type ErrorName = keyof typeof errors;

/**
 * The success catalogue: the sentence each call answers in the envelope header when it succeeds,
 * beside the errors, so the words live in one place. A function fills in the numbers and names.
 */
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const successes = {
  // --- accounts and sign-in (000)
  loggedIn: 'Login successful',
  loggedOut: 'You have been logged out.',
  registered: 'Registration successful! We have sent a verification link to your email address.',
  emailVerified: 'Your email address is verified. You can now sign in.',
  emailAlreadyVerified: 'Your email address is already verified. Please sign in.',
  verificationResent: 'If this address is waiting for verification, a new link is on its way.',
  resetLinkSent: 'If an account exists for this email address, we have sent a password reset link to it.',
  resetOpened: 'Please choose a new password.',
  passwordReset: 'Your password has been updated. Please sign in with your new password.',
  passwordChanged: 'Your password has been changed. Please sign in again.',
  // --- second factors and sessions (ours)
  twoFactorSetup: 'Scan the QR code with your authenticator app, then enter the code it shows.',
  twoFactorOn: 'Two-factor sign-in is on. Keep your recovery codes somewhere safe.',
  twoFactorOff: 'Two-factor sign-in is off.',
  recoveryCodesRenewed: 'Your new recovery codes replace the old ones.',
  passkeyAdded: 'Your passkey is added. You can sign in with it instead of a code.',
  passkeyRemoved: 'The passkey is removed.',
  sessionEnded: 'That session is signed out.',
  otherSessionsEnded: (n: number) => `${plural(n, 'other session is', 'other sessions are')} signed out.`,
  twoFactorRequired: 'This user must now sign in with a second factor.',
  twoFactorNotRequired: 'This user may now sign in without a second factor.',
  // --- profile, dashboard, products, notifications
  profile: 'Profile',
  profileUpdated: 'Profile updated successfully',
  dashboard: 'Dashboard',
  dashboardSeries: 'Dashboard over time',
  usersRanked: 'Users ranked',
  forecast: 'Forecast',
  lowBalanceSaved: 'Low-balance warning saved',
  lowBalanceOff: 'Low-balance warning turned off',
  products: 'Products',
  productPricing: 'Product pricing',
  notificationRead: 'Notification marked as read',
  allNotificationsRead: 'All notifications marked as read',
  // --- coupons (001)
  couponsGenerated: (n: number) => `${plural(n, 'coupon', 'coupons')} generated successfully.`,
  couponDeleted: 'Coupon deleted successfully',
  deletionQuoted: 'Deletion quoted',
  couponsDeleted: (n: number, refunded: string) => `${plural(n, 'coupon', 'coupons')} deleted and ${refunded} refunded.`,
  couponSent: 'Coupon sent successfully',
  couponsSent: (n: number) => `${plural(n, 'coupon', 'coupons')} sent successfully.`,
  // --- VPN accounts (001) and the redeem page
  vpnCreated: (email: string) => `VPN account created successfully. The login details were sent to ${email}.`,
  vpnEmailUpdated: 'Email updated successfully.',
  vpnPasswordUpdated: 'Password updated successfully.',
  vpnEnabled: 'VPN account enabled successfully.',
  vpnDisabled: 'VPN account disabled successfully.',
  vpnDeleted: 'VPN account deleted successfully.',
  redeemed: (email: string) => `Your VPN account is ready. We sent the login details to ${email}.`,
  redeemEmbedSaved: 'Your redeem page settings are saved.',
  // --- an admin's users (002)
  userDetails: 'User details',
  userNameUpdated: 'Name updated',
  userEmailUpdated: 'Email updated',
  userStatusUpdated: 'Status updated',
  userPasswordUpdated: 'Password updated',
  userPricingUpdated: 'Pricing updated',
  userInvoiceSent: (id: number, amount: string, email: string) => `Invoice #${id} of ${amount} sent to ${email}.`,
  catalogue: 'Catalogue',
  catalogueHistory: 'Catalogue history',
  catalogueChanged: 'The catalogue was changed.',
  catalogueScheduled: 'The change is scheduled.',
  operatorResellers: 'Resellers',
  operatorReseller: 'Reseller',
  resellerCreated: (email: string) => `The account is open: ${email} was sent a link to set a password.`,
  resellerVerified: 'The reseller is verified.',
  resellerSuspended: 'The reseller is suspended.',
  resellerReactivated: 'The reseller is active again.',
  resellerMoved: 'The reseller was moved.',
  resellerTermsSet: 'The terms were saved.',
  resellerSettled: (amount: string, owed: string) => `Settlement of ${amount} recorded. It now owes ${owed}.`,
  money: 'Money',
  programmeDashboard: 'Programme dashboard',
  moneyReconciled: (mismatches: number) => (mismatches === 0 ? 'Reconciled: no mismatches.' : `${plural(mismatches, 'mismatch', 'mismatches')} found.`),
  operatorCredited: (amount: string, name: string, reason: string) => `${amount} credited to the wallet of ${name}: ${reason}`,
  operatorDebited: (amount: string, name: string, reason: string) => `${amount} debited from the wallet of ${name}: ${reason}`,
  whiteLabelAsked: 'Thank you: we received your enquiry and sent you a copy by e-mail.',
  whiteLabelEnquiries: 'White-label enquiries',
  whiteLabelOwners: 'Owners',
  whiteLabelStatusChanged: (status: string) => `The enquiry is now ${status}.`,
  whiteLabelOwnerAssigned: (name: string) => `${name} now owns the enquiry.`,
  whiteLabelOwnerRemoved: 'The enquiry has no owner now.',
  whiteLabelNoteAdded: 'Note added.',
  whiteLabelReplied: (email: string) => `Reply sent to ${email}.`,
  operatorAudit: 'Audit log',
  operatorAuditExport: 'Your export is ready.',
  userVerified: 'User verified',
  walletCredited: 'Wallet credited',
  walletDebited: 'Wallet debited',
  // --- billing (002)
  confirmPayment: 'Please confirm the payment.',
  redirectingToPaypal: 'Redirecting to PayPal…',
  paymentReceived: 'Your payment was received and your wallet credited.',
  paymentFailed: 'The payment failed.',
  paymentConfirming: 'Your payment is being confirmed. This may take 1 to 2 minutes.',
  // --- the v2 client API and its keys (002 sandbox)
  secretKeyGenerated: 'Secret key generated successfully. Copy it now: it is shown in full only once.',
  secretKeyRegenerated: 'Secret key regenerated successfully. The old key no longer works.',
  tokensGenerated: 'Tokens generated successfully.',
  tokensRefreshed: 'Tokens refreshed successfully.',
  sandboxBalanceSet: 'Sandbox balance set.',
  clientUserCreated: 'User created successfully.',
  clientUsersFound: (n: number) => `${plural(n, 'user', 'users')} found.`,
  clientEmailUpdated: 'Email updated successfully.',
  clientPasswordUpdated: 'Password updated successfully.',
  clientStatusUpdated: 'Status updated successfully.',
  clientUserDeleted: 'User deleted successfully.',
  // --- teams (ours)
  invited: (n: number) => `${plural(n, 'invitation', 'invitations')} sent.`,
  invitationResent: 'Invitation sent again; it is valid for 10 more days.',
  invitationRevoked: 'Invitation revoked: its link no longer works.',
  invitationAccepted: 'Welcome to the team! You are signed in.',
  memberUpdated: 'Member updated; their sessions were signed out so the change applies at once.',
  memberRemoved: 'Member removed; their sessions were signed out.',
  ownershipTransferred: 'Ownership transferred. You are now an Administrator of the account.',
  accountSwitched: 'Switched account.',
  teamTwoFactorRequired: 'Every member must now sign in with a second factor.',
  teamTwoFactorNotRequired: 'Members may now sign in without a second factor.',
  // --- webhook endpoints (ours)
  webhookCreated: 'Webhook endpoint created. Copy its signing secret now: it is shown only once.',
  webhookUpdated: 'Webhook endpoint updated.',
  webhookSecretRotated: 'Signing secret rotated. The previous secret keeps signing for 24 hours.',
  webhookDeleted: 'Webhook endpoint deleted.',
  webhookTestSent: 'Test event sent.',
  webhookDeliveryResent: 'Delivery sent again.',
} as const;

export type SuccessName = keyof typeof successes;

/** Fills `${name}` placeholders of a catalogue message. */
export function formatMessage(message: string, vars: Record<string, string | number> = {}): string {
  return message.replace(/\$\{(\w+)\}/g, (whole, name: string) =>
    name in vars ? String(vars[name]) : whole,
  );
}

/**
 * The client's fallback text when an answer carries no message: 'code : rspf-003, Unable to …', or
 * the message alone where the spec words it so ('Failed to send coupon email', 001 §8; 'Failed to
 * initialize form. Please refresh the page.', 000 §8).
 */
export function fallbackMessage(e: CatalogueEntry): string {
  return e.bare ? e.message : `code : ${e.code}, ${e.message}`;
}
