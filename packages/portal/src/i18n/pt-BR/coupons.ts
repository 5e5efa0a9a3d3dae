/** Coupons (001 §2–§5): the list, Generate, the prices and the FAQ. */
import type { Translation } from '../catalogue';
import type { coupons as english } from '../en/coupons';

export const coupons: Translation<typeof english> = {
  cycles: {
    monthly: 'Plano mensal (1 mês)',
    quarterly: 'Plano trimestral (3 meses)',
    semiannually: 'Plano semestral (6 meses)',
    annually: 'Plano anual (12 meses)',
    biennially: 'Plano bienal (2 anos)',
    triennially: 'Plano trienal (3 anos)',
    lifetime: 'Plano vitalício (5 anos)',
  },
  coupons: {
    title: 'Lista de cupons',
    yes: 'Sim',
    no: 'Não',
    all: 'Todos',
    recursive: 'Recorrente',
    non_recursive: 'Não recorrente',
    delete: 'Excluir cupom',
    deleted: 'Cupom excluído com sucesso',
    confirm_text: 'Não será possível desfazer esta ação!',
    confirm_detail: 'O cupom %{code} será excluído, e o valor pago por ele voltará para sua carteira.',
    confirm_detail_partner: 'O cupom %{code} será excluído, e o preço dele será abatido do que você deve.',
    confirm_admin: 'Tem certeza de que deseja excluir este cupom?',
    email_title: 'Enviar cupom por e-mail',
    email_help: 'Envie o cupom %{code} ao seu cliente.',
    recipient: 'Endereço de e-mail',
    full_name: 'Nome completo',
    send: 'Enviar',
    sent: 'Cupom enviado com sucesso',
    bulk_email: 'E-mail',
    bulk_email_title: 'Enviar cupons por e-mail',
    bulk_email_help: 'Envie o cupom selecionado ao seu cliente. |||| Envie os %{smart_count} cupons selecionados ao seu cliente, um e-mail para cada.',
    bulk_export: 'Exportar seleção',
    bulk_delete: 'Excluir',
    bulk_confirm_detail:
      'O cupom selecionado será excluído e %{amount} voltará para sua carteira. |||| Os %{smart_count} cupons selecionados serão excluídos e %{amount} voltará para sua carteira.',
    bulk_confirm_detail_partner:
      'O cupom selecionado será excluído e %{amount} será abatido do que você deve. |||| Os %{smart_count} cupons selecionados serão excluídos e %{amount} será abatido do que você deve.',
    presets: 'Gerados em',
    preset_today: 'Hoje',
    preset_7d: 'Últimos 7 dias',
    preset_30d: 'Últimos 30 dias',
    preset_month: 'Este mês',
  },
};
