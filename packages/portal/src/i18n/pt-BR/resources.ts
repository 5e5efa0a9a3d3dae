/**
 * What react-admin labels by itself: each resource's name and its fields (column headers, filter and
 * form inputs), in Brazilian Portuguese.
 */
import type { Translation } from '../catalogue';
import type { resources as english } from '../en/resources';

export const resources: Translation<typeof english> = {
  coupons: {
    name: 'Cupom |||| Cupons',
    fields: {
      code: 'Código do cupom',
      billing_type: 'Tipo de cobrança',
      billingType: 'Tipo de cobrança',
      redeemed: 'Resgatado',
      generated_at: 'Gerado em',
      plan: 'Plano',
      addon: 'Adicional',
      expires_at: 'Expira em',
      redeemed_at: 'Resgatado em',
      redeemed_by: 'Resgatado por',
      dateStart: 'De',
      dateEnd: 'Até',
    },
  },
  'vpn-subscriptions': {
    name: 'Assinatura de VPN |||| Assinaturas de VPN',
    fields: {
      coupon: 'Cupom',
      email: 'E-mail',
      vpn_username: 'Usuário da VPN',
      billing_cycle: 'Ciclo de cobrança',
      billing_type: 'Tipo de cobrança',
      addons: 'Adicionais',
      status: 'Status',
      start_date: 'Data de início',
      end_date: 'Data de término',
    },
  },
  invoices: {
    name: 'Fatura |||| Faturas',
    fields: {
      id: 'Fatura nº',
      date: 'Data da fatura',
      duedate: 'Vencimento',
      datepaid: 'Data de pagamento',
      total: 'Total',
      status: 'Status',
      description: 'Descrição',
      payment_method: 'Forma de pagamento',
      transid: 'ID da transação',
      amountin: 'Valor',
    },
  },
  transactions: {
    name: 'Transação |||| Transações',
    fields: {
      date: 'Data',
      transaction_id: 'ID da transação',
      gateway: 'Gateway',
      description: 'Descrição',
      amount_in: 'Entradas',
      amount_out: 'Saídas',
    },
  },
  users: {
    name: 'Usuário |||| Usuários',
    fields: { name: 'Nome', email: 'E-mail', status: 'Status', verified: 'Verificado', balance: 'Saldo' },
  },
  'white-label-enquiries': {
    name: 'Solicitação de white label |||| Solicitações de white label',
    fields: {
      created_at: 'Recebida em',
      reseller_name: 'Revendedor',
      reseller_email: 'E-mail',
      brand_name: 'Nome da marca',
      expected_users: 'Usuários previstos',
      message: 'Mensagem',
      status: 'Status',
      owner: 'Responsável',
      updated_at: 'Última alteração',
      id: 'Solicitação',
    },
  },
  'operator-audit': {
    name: 'Linha de auditoria |||| Linhas de auditoria',
    fields: { created_at: 'Quando', person: 'Quem', action: 'Ação', target: 'Alvo', before: 'Antes', after: 'Depois', ip: 'Origem (IP)', dateStart: 'De', dateEnd: 'Até' },
  },
  'catalogue-products': {
    name: 'Produto |||| Produtos',
    fields: { item: 'Produto', price: 'Preço por ciclo', active: 'Status', pending: 'Agendado' },
  },
  'catalogue-addons': {
    name: 'Adicional |||| Adicionais',
    fields: { item: 'Adicional', monthly_price: 'Preço por mês', active: 'Status', pending: 'Agendado' },
  },
  'operator-resellers': {
    name: 'Revendedor |||| Revendedores',
    fields: {
      name: 'Revendedor',
      parent: 'Administrador / revendedores',
      status: 'Status',
      terms: 'Condições',
      balance: 'Saldo',
      spend_30d: 'Gastos em 30 dias',
      coupons: 'Cupons',
      created_at: 'Abertura',
      actions: 'Ações',
    },
  },
  'catalogue-history': {
    name: 'Alteração do catálogo |||| Alterações do catálogo',
    fields: { created_at: 'Solicitada em', person: 'Quem', item_id: 'Produto ou adicional', change: 'Alteração', from: 'De', to: 'Para', effective_at: 'Entra em vigor', applied_at: 'Situação' },
  },
  'operator-money': {
    name: 'Movimentação financeira |||| Movimentações financeiras',
    fields: {
      created_at: 'Data',
      kind: 'Tipo',
      reseller: 'Revendedor',
      amount: 'Valor',
      status: 'Status',
      gateway: 'Gateway',
      reference: 'Referência',
      description: 'Descrição',
      dateStart: 'De',
      dateEnd: 'Até',
      amount_min: 'Valor a partir de (USD)',
      amount_max: 'Valor até (USD)',
    },
  },
  'money-mismatches': {
    name: 'Divergência |||| Divergências',
    fields: { at: 'Quando', kind: 'Divergência', reseller: 'Revendedor', payment_id: 'Pagamento', ledger_ids: 'Linhas do livro-razão', paid: 'Informado', credited: 'Creditado' },
  },
  team: {
    name: 'Membro |||| Membros',
    fields: { name: 'Nome', email: 'E-mail', role: 'Função', daily_limit: 'Limite diário', two_factor: 'Duas etapas', joined_at: 'Entrou em' },
  },
  'team-invitations': {
    name: 'Convite |||| Convites',
    fields: { email: 'E-mail', role: 'Função', status: 'Status', sent_at: 'Enviado em', expires_at: 'Expira em' },
  },
  'user-audit': {
    name: 'Linha de auditoria |||| Linhas de auditoria',
    fields: { created_at: 'Quando', action: 'O quê', change: 'Antes → depois', actor: 'Quem', ip: 'Origem (IP)' },
  },
};
