/** Coupons (001 §2–§5): the list, Generate, the prices and the FAQ. */
import type { Translation } from '../catalogue';
import type { coupons as english } from '../en/coupons';

export const coupons: Translation<typeof english> = {
  cycles: {
    monthly: 'Месячный тариф (1 месяц)',
    quarterly: 'Квартальный тариф (3 месяца)',
    semiannually: 'Полугодовой тариф (6 месяцев)',
    annually: 'Годовой тариф (12 месяцев)',
    biennially: 'Двухлетний тариф (2 года)',
    triennially: 'Трёхлетний тариф (3 года)',
    lifetime: 'Пожизненный тариф (5 лет)',
  },
  coupons: {
    title: 'Список купонов',
    yes: 'Да',
    no: 'Нет',
    all: 'Все',
    recursive: 'С автопродлением',
    non_recursive: 'Без автопродления',
    delete: 'Удалить купон',
    deleted: 'Купон удалён',
    confirm_text: 'Это действие нельзя отменить!',
    confirm_detail: 'Купон %{code} будет удалён, а его стоимость вернётся на ваш кошелёк.',
    confirm_detail_partner: 'Купон %{code} будет удалён, а ваша задолженность уменьшится на его стоимость.',
    confirm_admin: 'Вы действительно хотите удалить этот купон?',
    email_title: 'Отправка купона',
    email_help: 'Отправьте купон %{code} своему клиенту.',
    recipient: 'Электронная почта',
    full_name: 'Имя и фамилия',
    send: 'Отправить',
    sent: 'Купон отправлен',
    bulk_email: 'Отправить',
    bulk_email_title: 'Отправка купонов',
    bulk_email_help:
      'Отправьте клиенту %{smart_count} выбранный купон. |||| Отправьте клиенту %{smart_count} выбранных купона — каждый отдельным письмом. |||| Отправьте клиенту %{smart_count} выбранных купонов — каждый отдельным письмом.',
    bulk_export: 'Экспорт выбранных',
    bulk_delete: 'Удалить',
    bulk_confirm_detail:
      'Будет удалён %{smart_count} выбранный купон, а на ваш кошелёк вернётся %{amount}. |||| Будут удалены %{smart_count} выбранных купона, а на ваш кошелёк вернётся %{amount}. |||| Будут удалены %{smart_count} выбранных купонов, а на ваш кошелёк вернётся %{amount}.',
    bulk_confirm_detail_partner:
      'Будет удалён %{smart_count} выбранный купон, а ваша задолженность уменьшится на %{amount}. |||| Будут удалены %{smart_count} выбранных купона, а ваша задолженность уменьшится на %{amount}. |||| Будут удалены %{smart_count} выбранных купонов, а ваша задолженность уменьшится на %{amount}.',
    presets: 'Период создания',
    preset_today: 'Сегодня',
    preset_7d: 'Последние 7 дней',
    preset_30d: 'Последние 30 дней',
    preset_month: 'Этот месяц',
  },
};
