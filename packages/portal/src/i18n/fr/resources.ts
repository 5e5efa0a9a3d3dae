/** What react-admin labels by itself: each resource's name and its fields (column headers, filter and form inputs). */
import type { Translation } from '../catalogue';
import type { resources as english } from '../en/resources';

export const resources: Translation<typeof english> = {
  coupons: {
    name: 'Coupon |||| Coupons',
    fields: {
      code: 'Code du coupon',
      billing_type: 'Type de facturation',
      billingType: 'Type de facturation',
      redeemed: 'Activé',
      generated_at: 'Généré le',
      plan: 'Formule',
      addon: 'Option',
      expires_at: 'Expire le',
      redeemed_at: 'Activé le',
      redeemed_by: 'Activé par',
      dateStart: 'Du',
      dateEnd: 'Au',
    },
  },
  'vpn-subscriptions': {
    name: 'Abonnement VPN |||| Abonnements VPN',
    fields: {
      coupon: 'Coupon',
      email: 'E-mail',
      vpn_username: 'Nom d’utilisateur VPN',
      billing_cycle: 'Cycle de facturation',
      billing_type: 'Type de facturation',
      addons: 'Option(s)',
      status: 'Statut',
      start_date: 'Date de début',
      end_date: 'Date de fin',
    },
  },
  invoices: {
    name: 'Facture |||| Factures',
    fields: {
      id: 'Facture nº',
      date: 'Date de facturation',
      duedate: 'Date d’échéance',
      datepaid: 'Date de paiement',
      total: 'Total',
      status: 'Statut',
      description: 'Description',
      payment_method: 'Moyen de paiement',
      transid: 'ID de transaction',
      amountin: 'Montant',
    },
  },
  transactions: {
    name: 'Transaction |||| Transactions',
    fields: {
      date: 'Date',
      transaction_id: 'ID de transaction',
      gateway: 'Passerelle',
      description: 'Description',
      amount_in: 'Entrées',
      amount_out: 'Sorties',
    },
  },
  users: {
    name: 'Utilisateur |||| Utilisateurs',
    fields: { name: 'Nom', email: 'E-mail', status: 'Statut', verified: 'Vérifié', balance: 'Solde' },
  },
  'white-label-enquiries': {
    name: 'Demande de marque blanche |||| Demandes de marque blanche',
    fields: {
      created_at: 'Reçue le',
      reseller_name: 'Revendeur',
      reseller_email: 'E-mail',
      brand_name: 'Nom de la marque',
      expected_users: 'Utilisateurs attendus',
      message: 'Message',
      status: 'Statut',
      owner: 'Responsable',
      updated_at: 'Dernière modification',
      id: 'Demande',
    },
  },
  'operator-audit': {
    name: 'Ligne d’audit |||| Lignes d’audit',
    fields: { created_at: 'Quand', person: 'Qui', action: 'Action', target: 'Cible', before: 'Avant', after: 'Après', ip: 'Depuis (IP)', dateStart: 'Du', dateEnd: 'Au' },
  },
  'catalogue-products': {
    name: 'Produit |||| Produits',
    fields: { item: 'Produit', price: 'Prix par cycle', active: 'Statut', pending: 'Planifié' },
  },
  'catalogue-addons': {
    name: 'Option |||| Options',
    fields: { item: 'Option', monthly_price: 'Prix mensuel', active: 'Statut', pending: 'Planifié' },
  },
  'operator-resellers': {
    name: 'Revendeur |||| Revendeurs',
    fields: {
      name: 'Revendeur',
      parent: 'Administrateur / revendeurs',
      status: 'Statut',
      terms: 'Conditions',
      balance: 'Solde',
      spend_30d: 'Dépenses sur 30 jours',
      coupons: 'Coupons',
      created_at: 'Ouvert le',
      actions: 'Actions',
    },
  },
  'catalogue-history': {
    name: 'Modification du catalogue |||| Modifications du catalogue',
    fields: { created_at: 'Demandée le', person: 'Qui', item_id: 'Produit ou option', change: 'Modification', from: 'Avant', to: 'Après', effective_at: 'Entrée en vigueur', applied_at: 'État' },
  },
  'operator-money': {
    name: 'Mouvement financier |||| Mouvements financiers',
    fields: {
      created_at: 'Date',
      kind: 'Type',
      reseller: 'Revendeur',
      amount: 'Montant',
      status: 'Statut',
      gateway: 'Passerelle',
      reference: 'Référence',
      description: 'Description',
      dateStart: 'Du',
      dateEnd: 'Au',
      amount_min: 'Montant minimum (USD)',
      amount_max: 'Montant maximum (USD)',
    },
  },
  'money-mismatches': {
    name: 'Écart |||| Écarts',
    fields: { at: 'Date', kind: 'Écart', reseller: 'Revendeur', payment_id: 'Paiement', ledger_ids: 'Lignes du registre', paid: 'Déclaré', credited: 'Crédité' },
  },
  team: {
    name: 'Membre |||| Membres',
    fields: { name: 'Nom', email: 'E-mail', role: 'Rôle', daily_limit: 'Limite quotidienne', two_factor: 'Double facteur', joined_at: 'Membre depuis' },
  },
  'team-invitations': {
    name: 'Invitation |||| Invitations',
    fields: { email: 'E-mail', role: 'Rôle', status: 'Statut', sent_at: 'Envoyée le', expires_at: 'Expire le' },
  },
  'user-audit': {
    name: 'Ligne d’audit |||| Lignes d’audit',
    fields: { created_at: 'Quand', action: 'Quoi', change: 'Avant → après', actor: 'Qui', ip: 'Depuis (IP)' },
  },
};
