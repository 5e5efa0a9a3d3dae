/**
 * What react-admin labels by itself: each resource's name and its fields (column headers, filter and
 * form inputs), in Spanish.
 */
import type { Translation } from '../catalogue';
import type { resources as english } from '../en/resources';

export const resources: Translation<typeof english> = {
  coupons: {
    name: 'Cupón |||| Cupones',
    fields: {
      code: 'Código de cupón',
      billing_type: 'Tipo de facturación',
      billingType: 'Tipo de facturación',
      redeemed: 'Canjeado',
      generated_at: 'Fecha de generación',
      plan: 'Plan',
      addon: 'Complemento',
      expires_at: 'Fecha de caducidad',
      redeemed_at: 'Fecha de canje',
      redeemed_by: 'Canjeado por',
      dateStart: 'Desde',
      dateEnd: 'Hasta',
    },
  },
  'vpn-subscriptions': {
    name: 'Suscripción VPN |||| Suscripciones VPN',
    fields: {
      coupon: 'Cupón',
      email: 'Correo electrónico',
      vpn_username: 'Usuario de VPN',
      billing_cycle: 'Ciclo de facturación',
      billing_type: 'Tipo de facturación',
      addons: 'Complementos',
      status: 'Estado',
      start_date: 'Fecha de inicio',
      end_date: 'Fecha de fin',
    },
  },
  invoices: {
    name: 'Factura |||| Facturas',
    fields: {
      id: 'N.º de factura',
      date: 'Fecha de la factura',
      duedate: 'Fecha de vencimiento',
      datepaid: 'Fecha de pago',
      total: 'Total',
      status: 'Estado',
      description: 'Descripción',
      payment_method: 'Método de pago',
      transid: 'ID de transacción',
      amountin: 'Importe',
    },
  },
  transactions: {
    name: 'Transacción |||| Transacciones',
    fields: {
      date: 'Fecha',
      transaction_id: 'ID de transacción',
      gateway: 'Pasarela',
      description: 'Descripción',
      amount_in: 'Entrada',
      amount_out: 'Salida',
    },
  },
  users: {
    name: 'Usuario |||| Usuarios',
    fields: { name: 'Nombre', email: 'Correo electrónico', status: 'Estado', verified: 'Verificado', balance: 'Saldo' },
  },
  'white-label-enquiries': {
    name: 'Consulta de marca blanca |||| Consultas de marca blanca',
    fields: {
      created_at: 'Recibida',
      reseller_name: 'Revendedor',
      reseller_email: 'Correo electrónico',
      brand_name: 'Nombre de la marca',
      expected_users: 'Usuarios previstos',
      message: 'Mensaje',
      status: 'Estado',
      owner: 'Responsable',
      updated_at: 'Último cambio',
      id: 'Consulta',
    },
  },
  'operator-audit': {
    name: 'Línea de auditoría |||| Líneas de auditoría',
    fields: { created_at: 'Cuándo', person: 'Quién', action: 'Acción', target: 'Objeto', before: 'Antes', after: 'Después', ip: 'Desde (IP)', dateStart: 'Desde', dateEnd: 'Hasta' },
  },
  'catalogue-products': {
    name: 'Producto |||| Productos',
    fields: { item: 'Producto', price: 'Precio por ciclo', active: 'Estado', pending: 'Programado' },
  },
  'catalogue-addons': {
    name: 'Complemento |||| Complementos',
    fields: { item: 'Complemento', monthly_price: 'Precio al mes', active: 'Estado', pending: 'Programado' },
  },
  'operator-resellers': {
    name: 'Revendedor |||| Revendedores',
    fields: {
      name: 'Revendedor',
      parent: 'Administrador / revendedores',
      status: 'Estado',
      terms: 'Condiciones',
      balance: 'Saldo',
      spend_30d: 'Gasto en 30 días',
      coupons: 'Cupones',
      created_at: 'Apertura',
      actions: 'Acciones',
    },
  },
  'catalogue-history': {
    name: 'Cambio del catálogo |||| Cambios del catálogo',
    fields: { created_at: 'Solicitado', person: 'Quién', item_id: 'Producto o complemento', change: 'Cambio', from: 'De', to: 'A', effective_at: 'Entra en vigor', applied_at: 'Situación' },
  },
  'operator-money': {
    name: 'Movimiento de dinero |||| Movimientos de dinero',
    fields: {
      created_at: 'Fecha',
      kind: 'Tipo',
      reseller: 'Revendedor',
      amount: 'Importe',
      status: 'Estado',
      gateway: 'Pasarela',
      reference: 'Referencia',
      description: 'Descripción',
      dateStart: 'Desde',
      dateEnd: 'Hasta',
      amount_min: 'Importe desde (USD)',
      amount_max: 'Importe hasta (USD)',
    },
  },
  'money-mismatches': {
    name: 'Discrepancia |||| Discrepancias',
    fields: { at: 'Cuándo', kind: 'Discrepancia', reseller: 'Revendedor', payment_id: 'Pago', ledger_ids: 'Filas del libro contable', paid: 'Notificado', credited: 'Acreditado' },
  },
  team: {
    name: 'Miembro |||| Miembros',
    fields: { name: 'Nombre', email: 'Correo electrónico', role: 'Rol', daily_limit: 'Límite diario', two_factor: 'Dos pasos', joined_at: 'Incorporación' },
  },
  'team-invitations': {
    name: 'Invitación |||| Invitaciones',
    fields: { email: 'Correo electrónico', role: 'Rol', status: 'Estado', sent_at: 'Enviada', expires_at: 'Caduca' },
  },
  'user-audit': {
    name: 'Línea de auditoría |||| Líneas de auditoría',
    fields: { created_at: 'Cuándo', action: 'Qué', change: 'Antes → después', actor: 'Quién', ip: 'Desde (IP)' },
  },
};
