/**
 * What react-admin labels by itself: each resource's name and its fields (column headers, filter and
 * form inputs). A resource's name has Russian's three forms, chosen by the count react-admin passes.
 */
import type { Translation } from '../catalogue';
import type { resources as english } from '../en/resources';

export const resources: Translation<typeof english> = {
  coupons: {
    name: 'Купон |||| Купона |||| Купонов',
    fields: {
      code: 'Код купона',
      billing_type: 'Тип оплаты',
      billingType: 'Тип оплаты',
      redeemed: 'Активирован',
      generated_at: 'Дата создания',
      plan: 'Тариф',
      addon: 'Опция',
      expires_at: 'Действует до',
      redeemed_at: 'Дата активации',
      redeemed_by: 'Кем активирован',
      dateStart: 'С',
      dateEnd: 'По',
    },
  },
  'vpn-subscriptions': {
    name: 'VPN-подписка |||| VPN-подписки |||| VPN-подписок',
    fields: {
      coupon: 'Купон',
      email: 'Эл. почта',
      vpn_username: 'Имя пользователя VPN',
      billing_cycle: 'Период оплаты',
      billing_type: 'Тип оплаты',
      addons: 'Опции',
      status: 'Статус',
      start_date: 'Дата начала',
      end_date: 'Дата окончания',
    },
  },
  invoices: {
    name: 'Счёт |||| Счёта |||| Счетов',
    fields: {
      id: 'Счёт №',
      date: 'Дата счёта',
      duedate: 'Срок оплаты',
      datepaid: 'Дата оплаты',
      total: 'Итого',
      status: 'Статус',
      description: 'Описание',
      payment_method: 'Способ оплаты',
      transid: 'ID транзакции',
      amountin: 'Сумма',
    },
  },
  transactions: {
    name: 'Транзакция |||| Транзакции |||| Транзакций',
    fields: {
      date: 'Дата',
      transaction_id: 'ID транзакции',
      gateway: 'Платёжный шлюз',
      description: 'Описание',
      amount_in: 'Поступление',
      amount_out: 'Списание',
    },
  },
  users: {
    name: 'Пользователь |||| Пользователя |||| Пользователей',
    fields: { name: 'Имя', email: 'Эл. почта', status: 'Статус', verified: 'Подтверждён', balance: 'Баланс' },
  },
  'white-label-enquiries': {
    name: 'Заявка на white label |||| Заявки на white label |||| Заявок на white label',
    fields: {
      created_at: 'Получена',
      reseller_name: 'Реселлер',
      reseller_email: 'Эл. почта',
      brand_name: 'Название бренда',
      expected_users: 'Ожидается пользователей',
      message: 'Сообщение',
      status: 'Статус',
      owner: 'Ответственный',
      updated_at: 'Последнее изменение',
      id: 'Заявка',
    },
  },
  'operator-audit': {
    name: 'Запись аудита |||| Записи аудита |||| Записей аудита',
    fields: { created_at: 'Когда', person: 'Кто', action: 'Действие', target: 'Объект', before: 'До', after: 'После', ip: 'Откуда (IP)', dateStart: 'С', dateEnd: 'По' },
  },
  'catalogue-products': {
    name: 'Продукт |||| Продукта |||| Продуктов',
    fields: { item: 'Продукт', price: 'Цена за период', active: 'Статус', pending: 'Запланировано' },
  },
  'catalogue-addons': {
    name: 'Опция |||| Опции |||| Опций',
    fields: { item: 'Опция', monthly_price: 'Цена в месяц', active: 'Статус', pending: 'Запланировано' },
  },
  'operator-resellers': {
    name: 'Реселлер |||| Реселлера |||| Реселлеров',
    fields: {
      name: 'Реселлер',
      parent: 'Администратор / реселлеры',
      status: 'Статус',
      terms: 'Условия',
      balance: 'Баланс',
      spend_30d: 'Расходы за 30 дней',
      coupons: 'Купоны',
      created_at: 'Открыт',
      actions: 'Действия',
    },
  },
  'catalogue-history': {
    name: 'Изменение каталога |||| Изменения каталога |||| Изменений каталога',
    fields: { created_at: 'Запрошено', person: 'Кто', item_id: 'Продукт или опция', change: 'Изменение', from: 'Было', to: 'Стало', effective_at: 'Вступает в силу', applied_at: 'Состояние' },
  },
  'operator-money': {
    name: 'Денежная операция |||| Денежные операции |||| Денежных операций',
    fields: {
      created_at: 'Дата',
      kind: 'Тип',
      reseller: 'Реселлер',
      amount: 'Сумма',
      status: 'Статус',
      gateway: 'Платёжный шлюз',
      reference: 'Номер операции',
      description: 'Описание',
      dateStart: 'С',
      dateEnd: 'По',
      amount_min: 'Сумма от (USD)',
      amount_max: 'Сумма до (USD)',
    },
  },
  'money-mismatches': {
    name: 'Расхождение |||| Расхождения |||| Расхождений',
    fields: { at: 'Когда', kind: 'Расхождение', reseller: 'Реселлер', payment_id: 'Платёж', ledger_ids: 'Строки журнала', paid: 'По данным шлюза', credited: 'Зачислено' },
  },
  team: {
    name: 'Участник |||| Участника |||| Участников',
    fields: { name: 'Имя', email: 'Эл. почта', role: 'Роль', daily_limit: 'Дневной лимит', two_factor: '2FA', joined_at: 'Дата вступления' },
  },
  'team-invitations': {
    name: 'Приглашение |||| Приглашения |||| Приглашений',
    fields: { email: 'Эл. почта', role: 'Роль', status: 'Статус', sent_at: 'Отправлено', expires_at: 'Истекает' },
  },
  'user-audit': {
    name: 'Запись аудита |||| Записи аудита |||| Записей аудита',
    fields: { created_at: 'Когда', action: 'Что', change: 'До → после', actor: 'Кто', ip: 'Откуда (IP)' },
  },
};
