/** The e-mails in German (Sie). */
import type { MailCatalogue } from './en.js';

export const de = {
  openLink: 'Oder öffnen Sie diesen Link:',
  footer: 'Gesendet von Partner Panel',
  hello: 'Guten Tag {name},',
  helloNobody: 'Guten Tag,',

  plan_monthly: 'Monatstarif (1 Monat)',
  plan_quarterly: 'Quartalstarif (3 Monate)',
  plan_semiannually: 'Halbjahrestarif (6 Monate)',
  plan_annually: 'Jahrestarif (12 Monate)',
  plan_biennially: 'Zweijahrestarif (2 Jahre)',
  plan_triennially: 'Dreijahrestarif (3 Jahre)',
  plan_lifetime: 'Lebenslanger Tarif (5 Jahre)',

  role_owner: 'Inhaber',
  role_administrator: 'Administrator',
  role_finance: 'Finanzen',
  role_operations: 'Betrieb',
  role_developer: 'Entwickler',
  role_support: 'Support',
  role_viewer: 'Leser',

  verifySubject: 'Bestätigen Sie Ihre E-Mail-Adresse',
  verifyBody: 'Bitte bestätigen Sie Ihre E-Mail-Adresse, um Ihr Partner-Panel-Konto zu aktivieren. Der Link ist {hours} lang gültig.',
  verifyAction: 'E-Mail-Adresse bestätigen',

  resetSubject: 'Setzen Sie Ihr Passwort zurück',
  resetBody: 'Wir haben eine Anfrage erhalten, das Passwort Ihres Partner-Panel-Kontos zurückzusetzen. Der Link ist {minutes} lang gültig.',
  resetIgnore: 'Wenn Sie dies nicht angefordert haben, können Sie diese E-Mail ignorieren: Ihr Passwort bleibt unverändert.',
  resetAction: 'Passwort zurücksetzen',

  openedSubject: 'Ihr Partner-Panel-Konto ist bereit',
  openedReseller: 'Das Partnerteam hat für {account} ein Reseller-Konto bei Partner Panel eröffnet, mit Ihnen als Inhaber.',
  openedAdmin: 'Das Partnerteam hat für {account} ein Admin-Reseller-Konto bei Partner Panel eröffnet, mit Ihnen als Inhaber.',
  openedSetPassword: 'Legen Sie Ihr Passwort fest, um sich anzumelden. Der Link ist {hours} lang gültig; danach verwenden Sie „Passwort vergessen“ auf der Anmeldeseite.',
  openedSignIn: 'Melden Sie sich wie gewohnt an: Das neue Konto finden Sie in der Kontoauswahl des Benutzermenüs.',
  openedSetPasswordAction: 'Passwort festlegen',
  openedSignInAction: 'Anmelden',

  passwordChangedSubject: 'Ihr Passwort wurde geändert',
  passwordChangedBody: 'Das Passwort Ihres Partner-Panel-Kontos wurde soeben geändert, und alle Sitzungen wurden abgemeldet.',
  passwordChangedNotYou: 'Wenn Sie das nicht waren, setzen Sie Ihr Passwort sofort zurück und wenden Sie sich an den Support.',

  newDeviceSubject: 'Neue Anmeldung bei Ihrem Partner-Panel-Konto',
  newDeviceBody: 'Bei Ihrem Konto hat sich soeben ein Gerät angemeldet, das es noch nie verwendet hat: {device}, von {ip}, am {when}.',
  newDeviceUnknownAddress: 'einer unbekannten Adresse',
  newDeviceAdvice: 'Wenn Sie das waren, ist nichts zu tun. Andernfalls ändern Sie sofort Ihr Passwort, schalten Sie die Zwei-Faktor-Anmeldung ein und melden Sie diese Sitzung in Ihrem Profil ab.',

  invitationSubject: '{inviter} hat Sie zu {account} bei Partner Panel eingeladen',
  invitationBody: '{inviter} hat Sie eingeladen, {account} bei Partner Panel in der Rolle {role} beizutreten.',
  invitationHow: 'Öffnen Sie den Link, um anzunehmen: Sie legen Ihren Namen und ein Passwort fest oder nehmen, falls Sie sich mit dieser Adresse bereits bei Partner Panel anmelden, mit dieser Anmeldung an. Der Link ist {days} lang gültig.',
  invitationAction: 'Einladung annehmen',

  couponSubject: 'Ihr VPN-Gutschein von {reseller}',
  couponBody: '{reseller} hat Ihnen einen Gutschein für ein VPN-Abonnement gesendet: {plan}.',
  couponCode: 'Ihr Gutscheincode: {code}',
  couponRedeemBefore: 'Lösen Sie ihn vor dem {date} ein, um Ihr VPN-Konto zu aktivieren.',
  couponAction: 'Gutschein einlösen',

  vpnReadySubject: 'Ihr VPN-Konto ist bereit',
  vpnCreatedBody: '{reseller} hat ein VPN-Konto für Sie eingerichtet: {plan}.',
  vpnUsername: 'Benutzername: {username}',
  vpnPassword: 'Passwort: {password}',
  vpnKeepSafe: 'Bewahren Sie diese Angaben sicher auf. Ihr Anbieter kann das Passwort jederzeit für Sie ändern.',
  vpnRedeemedBody: 'Ihr Gutschein von {reseller} wurde eingelöst: {plan}.',
  vpnPasswordChosen: 'Passwort: das Passwort, das Sie beim Einlösen des Gutscheins gewählt haben.',
  vpnRenewsAfter: 'Ihr Abonnement läuft bis zum {date} und verlängert sich dann automatisch.',
  vpnRunsUntil: 'Ihr Abonnement läuft bis zum {date}.',
  vpnKeepSafeRedeemed: 'Bewahren Sie diese Angaben sicher auf. Wenn Sie das Passwort vergessen, kann der Anbieter, bei dem Sie den Gutschein gekauft haben, es für Sie ändern.',

  vpnEmailChangedSubject: 'Die E-Mail-Adresse Ihres VPN-Kontos wurde geändert',
  vpnPasswordChangedSubject: 'Ihr VPN-Passwort wurde geändert',
  vpnEmailChanged: 'Diese Adresse ist jetzt die E-Mail-Adresse Ihres VPN-Kontos ({username}).',
  vpnPasswordChanged: 'Das Passwort Ihres VPN-Kontos wurde geändert ({username}).',
  vpnChangedNotYou: 'Wenn Sie dies nicht veranlasst haben, wenden Sie sich an den Anbieter, bei dem Sie es gekauft haben.',

  invoiceSubject: 'Rechnung Nr. {id} über {amount}',
  invoiceBody: '{admin} hat Ihnen die Rechnung Nr. {id} über {amount} gesendet, fällig am {date}.',
  invoicePaying: 'Mit der Zahlung wird der Betrag Ihrem Guthaben gutgeschrieben.',
  invoiceAction: 'Rechnung bezahlen',

  adminEmailSubject: 'Ihre Anmelde-E-Mail-Adresse wurde geändert',
  adminPasswordSubject: 'Ihr Passwort wurde geändert',
  adminChangedEmail: '{admin} verwaltet Ihr Konto und hat die E-Mail-Adresse geändert, mit der Sie sich anmelden.',
  adminChangedPassword: '{admin} verwaltet Ihr Konto und hat ein neues Passwort dafür festgelegt sowie alle Sitzungen abgemeldet.',
  adminChangedNotYou: 'Wenn Sie damit nicht gerechnet haben, wenden Sie sich an die Verwaltung Ihres Kontos oder an den Support.',

  webhookSubject: 'Ein Webhook-Endpunkt wurde deaktiviert',
  webhookLiveBody: 'Ihr Live-Webhook-Endpunkt {url} hat seit dem {since} trotz aller Wiederholungsversuche keine Zustellung angenommen, daher haben wir ihn deaktiviert.',
  webhookSandboxBody: 'Ihr Sandbox-Webhook-Endpunkt {url} hat seit dem {since} trotz aller Wiederholungsversuche keine Zustellung angenommen, daher haben wir ihn deaktiviert.',
  webhookKept: 'Seine Ereignisse bleiben erhalten: Sobald der Endpunkt wieder antwortet, aktivieren Sie ihn und senden Sie die verpassten Zustellungen aus seinem Zustellprotokoll erneut, oder lesen Sie sie über die Events-API.',
  webhookAction: 'Webhook-Endpunkte öffnen',

  lowBalanceSubject: 'Warnung: niedriges Guthaben',
  lowBalanceWallet: 'Ihr Guthaben ({left}) ist unter die von Ihnen festgelegte Grenze von {line} gefallen. Laden Sie Guthaben auf, um weiterhin Gutscheine zu erstellen und VPN-Konten zu verlängern.',
  lowBalanceCredit: 'Der verbleibende Betrag Ihrer Kreditlinie ({left}) ist unter die von Ihnen festgelegte Grenze von {line} gefallen. Bitte wenden Sie sich an uns, um Ihr Konto auszugleichen.',
  lowBalanceChange: 'Sie können diese Warnung in Ihrem Profil ändern oder ausschalten.',
  lowBalanceAction: 'Guthaben aufladen',

  whiteLabelAckSubject: 'Wir haben Ihre White-Label-Anfrage erhalten',
  whiteLabelAckBody: 'Vielen Dank für Ihr Interesse, {brand} als Ihre eigene VPN-Marke zu verkaufen (etwa {users} Nutzer).',
  whiteLabelAckReply: 'Wir antworten Ihnen innerhalb von zwei Werktagen an diese Adresse.',

  whiteLabelEnquirySubject: 'White-Label-Anfrage von {reseller}',
  whiteLabelEnquiryBody: '{reseller} ({email}, Reseller Nr. {id}) fragt nach dem White-Label-Angebot.',
  whiteLabelEnquiryBrand: 'Markenname: {brand}',
  whiteLabelEnquiryUsers: 'Erwartete Nutzer: {users}',
  whiteLabelEnquiryMessage: 'Nachricht: {message}',
  whiteLabelEnquiryAction: 'Melden Sie sich an, um alle Anfragen zu sehen',

  whiteLabelReplySignature: '{name}, für das White-Label-Angebot',
} as const satisfies MailCatalogue;
