/**
 * The e-mails' sentences in English, one key a sentence; `{name}` is filled in by the template. Every
 * other language's file is typed against this one (`MailCatalogue`), so a key missing from a
 * translation, or one English no longer has, fails `pnpm typecheck`; the placeholders of each
 * sentence are held to English's by test/languages.test.ts. Durations ({hours}, {days}) and amounts
 * arrive formatted for the language (Intl), plural and currency included.
 */
export const en = {
  // The frame of every mail
  openLink: 'Or open this link:',
  footer: 'Sent by Partner Panel',
  hello: 'Hello {name},',
  helloNobody: 'Hello,',

  // The plans of 001, as the coupon and VPN mails name them
  plan_monthly: 'Monthly Plan (1 Month)',
  plan_quarterly: 'Quaterly Plan (3 Months)',
  plan_semiannually: 'Semiannually Plan (6 Months)',
  plan_annually: 'Annually Plan (12 Months)',
  plan_biennially: 'Biennially Plan (2 Years)',
  plan_triennially: 'Triennially Plan (3 Years)',
  plan_lifetime: 'Lifetime Plan (5 Years)',

  // The team roles, as an invitation names them
  role_owner: 'Owner',
  role_administrator: 'Administrator',
  role_finance: 'Finance',
  role_operations: 'Operations',
  role_developer: 'Developer',
  role_support: 'Support',
  role_viewer: 'Viewer',

  verifySubject: 'Verify your email address',
  verifyBody: 'Please confirm your email address to activate your Partner Panel account. The link is valid for {hours}.',
  verifyAction: 'Verify email address',

  resetSubject: 'Reset your password',
  resetBody: 'We received a request to reset the password of your Partner Panel account. The link is valid for {minutes}.',
  resetIgnore: 'If you did not ask for this, you can ignore this mail: your password stays as it is.',
  resetAction: 'Reset password',

  openedSubject: 'Your Partner Panel account is ready',
  openedReseller: 'The partner team opened a reseller account for {account} on Partner Panel, with you as its Owner.',
  openedAdmin: 'The partner team opened an admin reseller account for {account} on Partner Panel, with you as its Owner.',
  openedSetPassword: 'Set your password to sign in. The link is valid for {hours}; after that, use "Forgot password" on the sign-in page.',
  openedSignIn: 'Sign in as you already do: the new account is in the account switcher of the user menu.',
  openedSetPasswordAction: 'Set your password',
  openedSignInAction: 'Sign in',

  passwordChangedSubject: 'Your password was changed',
  passwordChangedBody: 'The password of your Partner Panel account was just changed, and every session was signed out.',
  passwordChangedNotYou: 'If this was not you, reset your password at once and contact support.',

  newDeviceSubject: 'A new sign-in to your Partner Panel account',
  newDeviceBody: 'Your account was just signed in on a device it had not used before: {device}, from {ip}, on {when}.',
  newDeviceUnknownAddress: 'an unknown address',
  newDeviceAdvice: 'If this was you, there is nothing to do. If not, change your password at once, turn on two-factor sign-in, and sign that session out from your profile.',

  invitationSubject: '{inviter} invited you to {account} on Partner Panel',
  invitationBody: '{inviter} invited you to join {account} on Partner Panel as {role}.',
  invitationHow: 'Open the link to accept: you set your name and password, or, if this address already signs in to Partner Panel, you accept with that sign-in. The link is valid for {days}.',
  invitationAction: 'Accept the invitation',

  couponSubject: 'Your VPN coupon from {reseller}',
  couponBody: '{reseller} sent you a VPN subscription coupon: {plan}.',
  couponCode: 'Your coupon code: {code}',
  couponRedeemBefore: 'Redeem it before {date} to activate your VPN account.',
  couponAction: 'Redeem your coupon',

  vpnReadySubject: 'Your VPN account is ready',
  vpnCreatedBody: '{reseller} created a VPN account for you: {plan}.',
  vpnUsername: 'Username: {username}',
  vpnPassword: 'Password: {password}',
  vpnKeepSafe: 'Keep these details safe. Your provider can change the password for you at any time.',
  vpnRedeemedBody: 'Your coupon from {reseller} is redeemed: {plan}.',
  vpnPasswordChosen: 'Password: the one you chose when you redeemed the coupon.',
  vpnRenewsAfter: 'Your subscription runs until {date} and then renews automatically.',
  vpnRunsUntil: 'Your subscription runs until {date}.',
  vpnKeepSafeRedeemed: 'Keep these details safe. If you forget the password, the provider you bought the coupon from can change it for you.',

  vpnEmailChangedSubject: 'Your VPN account e-mail was changed',
  vpnPasswordChangedSubject: 'Your VPN password was changed',
  vpnEmailChanged: 'This address is now the e-mail of your VPN account ({username}).',
  vpnPasswordChanged: 'The password of your VPN account was changed ({username}).',
  vpnChangedNotYou: 'If you did not ask for this, contact the provider you bought it from.',

  invoiceSubject: 'Invoice #{id} of {amount}',
  invoiceBody: '{admin} sent you invoice #{id} of {amount}, due by {date}.',
  invoicePaying: 'Paying it adds the amount to your wallet.',
  invoiceAction: 'Pay invoice',

  adminEmailSubject: 'Your sign-in e-mail was changed',
  adminPasswordSubject: 'Your password was changed',
  adminChangedEmail: '{admin}, who manages your account, changed the e-mail address you sign in with.',
  adminChangedPassword: '{admin}, who manages your account, set a new password for your account and signed out every session.',
  adminChangedNotYou: 'If you did not expect this, contact them or support.',

  webhookSubject: 'A webhook endpoint was disabled',
  webhookLiveBody: 'Your live webhook endpoint {url} has not accepted a delivery since {since}, through every retry, so we disabled it.',
  webhookSandboxBody: 'Your sandbox webhook endpoint {url} has not accepted a delivery since {since}, through every retry, so we disabled it.',
  webhookKept: 'Its events are kept: once the endpoint answers again, enable it and resend the deliveries you missed from its delivery log, or read them from the events API.',
  webhookAction: 'Open the webhook endpoints',

  lowBalanceSubject: 'Low balance warning',
  lowBalanceWallet: 'Your balance ({left}) fell below the {line} you set. Add funds to keep generating coupons and renewing VPN accounts.',
  lowBalanceCredit: 'What is left of your credit line ({left}) fell below the {line} you set. Please contact us to settle your account.',
  lowBalanceChange: 'You can change or turn off this warning on your profile.',
  lowBalanceAction: 'Add funds',

  whiteLabelAckSubject: 'We received your white-label enquiry',
  whiteLabelAckBody: 'Thank you for asking about selling {brand} as your own VPN brand (about {users} users).',
  whiteLabelAckReply: 'We will reply to this address within two working days.',

  whiteLabelEnquirySubject: 'White-label enquiry from {reseller}',
  whiteLabelEnquiryBody: '{reseller} ({email}, reseller #{id}) asks about the white-label offer.',
  whiteLabelEnquiryBrand: 'Brand name: {brand}',
  whiteLabelEnquiryUsers: 'Expected users: {users}',
  whiteLabelEnquiryMessage: 'Message: {message}',
  whiteLabelEnquiryAction: 'Sign in to see every enquiry',

  whiteLabelReplySignature: '{name}, for the white-label offer',
} as const;

export type MailKey = keyof typeof en;
/** What each language's file must be: every key of English, and no other. */
export type MailCatalogue = { readonly [K in MailKey]: string };
