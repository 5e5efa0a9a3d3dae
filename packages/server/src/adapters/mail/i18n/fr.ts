/**
 * The e-mails in French (vous). A colon, question mark or guillemet takes a no-break space before
 * it (\u00a0), as French typography wants, so it never starts a line.
 */
import type { MailCatalogue } from './en.js';

export const fr = {
  openLink: 'Ou ouvrez ce lien\u00a0:',
  footer: 'Envoyé par Partner Panel',
  hello: 'Bonjour {name},',
  helloNobody: 'Bonjour,',

  plan_monthly: 'Formule mensuelle (1 mois)',
  plan_quarterly: 'Formule trimestrielle (3 mois)',
  plan_semiannually: 'Formule semestrielle (6 mois)',
  plan_annually: 'Formule annuelle (12 mois)',
  plan_biennially: 'Formule biennale (2 ans)',
  plan_triennially: 'Formule triennale (3 ans)',
  plan_lifetime: 'Formule à vie (5 ans)',

  role_owner: 'Propriétaire',
  role_administrator: 'Administrateur',
  role_finance: 'Finance',
  role_operations: 'Opérations',
  role_developer: 'Développeur',
  role_support: 'Support',
  role_viewer: 'Lecteur',

  verifySubject: 'Vérifiez votre adresse e-mail',
  verifyBody: 'Veuillez confirmer votre adresse e-mail pour activer votre compte Partner Panel. Le lien est valable {hours}.',
  verifyAction: 'Vérifier l’adresse e-mail',

  resetSubject: 'Réinitialisez votre mot de passe',
  resetBody: 'Nous avons reçu une demande de réinitialisation du mot de passe de votre compte Partner Panel. Le lien est valable {minutes}.',
  resetIgnore: 'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message\u00a0: votre mot de passe reste inchangé.',
  resetAction: 'Réinitialiser le mot de passe',

  openedSubject: 'Votre compte Partner Panel est prêt',
  openedReseller: 'L’équipe partenaires a ouvert un compte revendeur pour {account} sur Partner Panel, dont vous êtes le propriétaire.',
  openedAdmin: 'L’équipe partenaires a ouvert un compte revendeur administrateur pour {account} sur Partner Panel, dont vous êtes le propriétaire.',
  openedSetPassword: 'Définissez votre mot de passe pour vous connecter. Le lien est valable {hours}\u00a0; passé ce délai, utilisez «\u00a0Mot de passe oublié\u00a0» sur la page de connexion.',
  openedSignIn: 'Connectez-vous comme d’habitude\u00a0: le nouveau compte figure dans le sélecteur de comptes du menu utilisateur.',
  openedSetPasswordAction: 'Définir votre mot de passe',
  openedSignInAction: 'Se connecter',

  passwordChangedSubject: 'Votre mot de passe a été modifié',
  passwordChangedBody: 'Le mot de passe de votre compte Partner Panel vient d’être modifié, et toutes les sessions ont été fermées.',
  passwordChangedNotYou: 'Si vous n’êtes pas à l’origine de ce changement, réinitialisez immédiatement votre mot de passe et contactez le support.',

  newDeviceSubject: 'Nouvelle connexion à votre compte Partner Panel',
  newDeviceBody: 'Une connexion à votre compte vient d’avoir lieu depuis un appareil jamais utilisé auparavant\u00a0: {device}, depuis {ip}, le {when}.',
  newDeviceUnknownAddress: 'une adresse inconnue',
  newDeviceAdvice: 'Si c’était vous, vous n’avez rien à faire. Sinon, changez immédiatement votre mot de passe, activez la connexion en deux étapes et fermez cette session depuis votre profil.',

  invitationSubject: '{inviter} vous invite à rejoindre {account} sur Partner Panel',
  invitationBody: '{inviter} vous invite à rejoindre {account} sur Partner Panel en tant que {role}.',
  invitationHow: 'Ouvrez le lien pour accepter\u00a0: vous indiquerez votre nom et un mot de passe ou, si cette adresse se connecte déjà à Partner Panel, vous accepterez avec ce compte. Le lien est valable {days}.',
  invitationAction: 'Accepter l’invitation',

  couponSubject: 'Votre coupon VPN de la part de {reseller}',
  couponBody: '{reseller} vous a envoyé un coupon d’abonnement VPN\u00a0: {plan}.',
  couponCode: 'Votre code coupon\u00a0: {code}',
  couponRedeemBefore: 'Utilisez-le avant le {date} pour activer votre compte VPN.',
  couponAction: 'Utiliser votre coupon',

  vpnReadySubject: 'Votre compte VPN est prêt',
  vpnCreatedBody: '{reseller} a créé un compte VPN pour vous\u00a0: {plan}.',
  vpnUsername: 'Identifiant\u00a0: {username}',
  vpnPassword: 'Mot de passe\u00a0: {password}',
  vpnKeepSafe: 'Conservez ces informations en lieu sûr. Votre fournisseur peut changer le mot de passe pour vous à tout moment.',
  vpnRedeemedBody: 'Votre coupon de la part de {reseller} a été utilisé\u00a0: {plan}.',
  vpnPasswordChosen: 'Mot de passe\u00a0: celui que vous avez choisi en utilisant le coupon.',
  vpnRenewsAfter: 'Votre abonnement court jusqu’au {date}, puis se renouvelle automatiquement.',
  vpnRunsUntil: 'Votre abonnement court jusqu’au {date}.',
  vpnKeepSafeRedeemed: 'Conservez ces informations en lieu sûr. Si vous oubliez le mot de passe, le fournisseur qui vous a vendu le coupon peut le changer pour vous.',

  vpnEmailChangedSubject: 'L’adresse e-mail de votre compte VPN a été modifiée',
  vpnPasswordChangedSubject: 'Le mot de passe de votre VPN a été modifié',
  vpnEmailChanged: 'Cette adresse est désormais l’adresse e-mail de votre compte VPN ({username}).',
  vpnPasswordChanged: 'Le mot de passe de votre compte VPN a été modifié ({username}).',
  vpnChangedNotYou: 'Si vous n’êtes pas à l’origine de ce changement, contactez le fournisseur qui vous l’a vendu.',

  invoiceSubject: 'Facture n°\u00a0{id} de {amount}',
  invoiceBody: '{admin} vous a envoyé la facture n°\u00a0{id} de {amount}, à régler avant le {date}.',
  invoicePaying: 'Son règlement ajoute le montant à votre solde.',
  invoiceAction: 'Régler la facture',

  adminEmailSubject: 'Votre adresse e-mail de connexion a été modifiée',
  adminPasswordSubject: 'Votre mot de passe a été modifié',
  adminChangedEmail: '{admin}, qui gère votre compte, a modifié l’adresse e-mail avec laquelle vous vous connectez.',
  adminChangedPassword: '{admin}, qui gère votre compte, a défini un nouveau mot de passe pour votre compte et fermé toutes les sessions.',
  adminChangedNotYou: 'Si vous ne vous y attendiez pas, contactez-les ou contactez le support.',

  webhookSubject: 'Un point de terminaison webhook a été désactivé',
  webhookLiveBody: 'Votre point de terminaison webhook de production {url} n’a accepté aucune livraison depuis le {since}, malgré toutes les nouvelles tentatives\u00a0: nous l’avons donc désactivé.',
  webhookSandboxBody: 'Votre point de terminaison webhook de test {url} n’a accepté aucune livraison depuis le {since}, malgré toutes les nouvelles tentatives\u00a0: nous l’avons donc désactivé.',
  webhookKept: 'Ses événements sont conservés\u00a0: dès que le point de terminaison répond à nouveau, réactivez-le et renvoyez les livraisons manquées depuis son journal, ou lisez-les avec l’API des événements.',
  webhookAction: 'Ouvrir les points de terminaison webhook',

  lowBalanceSubject: 'Alerte de solde bas',
  lowBalanceWallet: 'Votre solde ({left}) est passé sous le seuil de {line} que vous avez fixé. Ajoutez des fonds pour continuer à générer des coupons et à renouveler des comptes VPN.',
  lowBalanceCredit: 'Le reste de votre ligne de crédit ({left}) est passé sous le seuil de {line} que vous avez fixé. Veuillez nous contacter pour régler votre compte.',
  lowBalanceChange: 'Vous pouvez modifier ou désactiver cette alerte depuis votre profil.',
  lowBalanceAction: 'Ajouter des fonds',

  whiteLabelAckSubject: 'Nous avons bien reçu votre demande en marque blanche',
  whiteLabelAckBody: 'Merci de votre intérêt pour la vente de {brand} sous votre propre marque VPN (environ {users} utilisateurs).',
  whiteLabelAckReply: 'Nous vous répondrons à cette adresse sous deux jours ouvrés.',

  whiteLabelEnquirySubject: 'Demande en marque blanche de {reseller}',
  whiteLabelEnquiryBody: '{reseller} ({email}, revendeur n°\u00a0{id}) s’intéresse à l’offre en marque blanche.',
  whiteLabelEnquiryBrand: 'Nom de la marque\u00a0: {brand}',
  whiteLabelEnquiryUsers: 'Utilisateurs prévus\u00a0: {users}',
  whiteLabelEnquiryMessage: 'Message\u00a0: {message}',
  whiteLabelEnquiryAction: 'Connectez-vous pour voir toutes les demandes',

  whiteLabelReplySignature: '{name}, pour l’offre en marque blanche',
} as const satisfies MailCatalogue;
