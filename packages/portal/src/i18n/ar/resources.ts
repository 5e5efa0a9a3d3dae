/**
 * What react-admin labels by itself: each resource's name and its fields (column headers, filter and
 * form inputs), as react-admin's demo does.
 */
import type { Translation } from '../catalogue';
import type { resources as english } from '../en/resources';

export const resources: Translation<typeof english> = {
  coupons: {
    name: 'قسائم |||| قسيمة |||| قسائم |||| قسائم |||| قسيمة |||| قسيمة',
    fields: {
      code: 'رمز القسيمة',
      billing_type: 'نوع الفوترة',
      billingType: 'نوع الفوترة',
      redeemed: 'مستبدلة',
      generated_at: 'تاريخ الإنشاء',
      plan: 'الخطة',
      addon: 'الإضافة',
      expires_at: 'تاريخ الانتهاء',
      redeemed_at: 'تاريخ الاستبدال',
      redeemed_by: 'استبدلها',
      dateStart: 'من',
      dateEnd: 'إلى',
    },
  },
  'vpn-subscriptions': {
    name: 'اشتراكات VPN |||| اشتراك VPN |||| اشتراكات VPN |||| اشتراكات VPN |||| اشتراك VPN |||| اشتراك VPN',
    fields: {
      coupon: 'القسيمة',
      email: 'البريد الإلكتروني',
      vpn_username: 'اسم مستخدم VPN',
      billing_cycle: 'دورة الفوترة',
      billing_type: 'نوع الفوترة',
      addons: 'الإضافات',
      status: 'الحالة',
      start_date: 'تاريخ البدء',
      end_date: 'تاريخ الانتهاء',
    },
  },
  invoices: {
    name: 'فواتير |||| فاتورة |||| فواتير |||| فواتير |||| فاتورة |||| فاتورة',
    fields: {
      id: 'رقم الفاتورة',
      date: 'تاريخ الفاتورة',
      duedate: 'تاريخ الاستحقاق',
      datepaid: 'تاريخ الدفع',
      total: 'الإجمالي',
      status: 'الحالة',
      description: 'الوصف',
      payment_method: 'طريقة الدفع',
      transid: 'معرّف المعاملة',
      amountin: 'المبلغ',
    },
  },
  transactions: {
    name: 'معاملات |||| معاملة |||| معاملات |||| معاملات |||| معاملة |||| معاملة',
    fields: {
      date: 'التاريخ',
      transaction_id: 'معرّف المعاملة',
      gateway: 'البوابة',
      description: 'الوصف',
      amount_in: 'المبلغ الوارد',
      amount_out: 'المبلغ الصادر',
    },
  },
  users: {
    name: 'مستخدمون |||| مستخدم |||| مستخدمون |||| مستخدمين |||| مستخدمًا |||| مستخدم',
    fields: { name: 'الاسم', email: 'البريد الإلكتروني', status: 'الحالة', verified: 'موثق', balance: 'الرصيد' },
  },
  'white-label-enquiries': {
    name: 'استفسارات علامة بيضاء |||| استفسار علامة بيضاء |||| استفسارات علامة بيضاء |||| استفسارات علامة بيضاء |||| استفسار علامة بيضاء |||| استفسار علامة بيضاء',
    fields: {
      created_at: 'تاريخ الاستلام',
      reseller_name: 'الموزع',
      reseller_email: 'البريد الإلكتروني',
      brand_name: 'اسم العلامة التجارية',
      expected_users: 'المستخدمون المتوقعون',
      message: 'الرسالة',
      status: 'الحالة',
      owner: 'المالك',
      updated_at: 'آخر تغيير',
      id: 'الاستفسار',
    },
  },
  'operator-audit': {
    name: 'سجلات تدقيق |||| سجل تدقيق |||| سجلات تدقيق |||| سجلات تدقيق |||| سجل تدقيق |||| سجل تدقيق',
    fields: { created_at: 'الوقت', person: 'الشخص', action: 'الإجراء', target: 'الهدف', before: 'قبل', after: 'بعد', ip: 'المصدر (IP)', dateStart: 'من', dateEnd: 'إلى' },
  },
  'catalogue-products': {
    name: 'منتجات |||| منتج |||| منتجات |||| منتجات |||| منتجًا |||| منتج',
    fields: { item: 'المنتج', price: 'السعر لكل دورة', active: 'الحالة', pending: 'مجدول' },
  },
  'catalogue-addons': {
    name: 'إضافات |||| إضافة |||| إضافات |||| إضافات |||| إضافة |||| إضافة',
    fields: { item: 'الإضافة', monthly_price: 'السعر الشهري', active: 'الحالة', pending: 'مجدول' },
  },
  'operator-resellers': {
    name: 'موزعون |||| موزع |||| موزعون |||| موزعين |||| موزعًا |||| موزع',
    fields: {
      name: 'الموزع',
      parent: 'المسؤول / الموزعون',
      status: 'الحالة',
      terms: 'الشروط',
      balance: 'الرصيد',
      spend_30d: 'الإنفاق، 30 يومًا',
      coupons: 'القسائم',
      created_at: 'تاريخ الفتح',
      actions: 'الإجراءات',
    },
  },
  'catalogue-history': {
    name: 'تغييرات في الكتالوج |||| تغيير في الكتالوج |||| تغييرات في الكتالوج |||| تغييرات في الكتالوج |||| تغييرًا في الكتالوج |||| تغيير في الكتالوج',
    fields: { created_at: 'تاريخ الطلب', person: 'الشخص', item_id: 'المنتج أو الإضافة', change: 'التغيير', from: 'من', to: 'إلى', effective_at: 'موعد النفاذ', applied_at: 'الحالة' },
  },
  'operator-money': {
    name: 'حركات مالية |||| حركة مالية |||| حركات مالية |||| حركات مالية |||| حركة مالية |||| حركة مالية',
    fields: {
      created_at: 'التاريخ',
      kind: 'النوع',
      reseller: 'الموزع',
      amount: 'المبلغ',
      status: 'الحالة',
      gateway: 'البوابة',
      reference: 'المرجع',
      description: 'الوصف',
      dateStart: 'من',
      dateEnd: 'إلى',
      amount_min: 'المبلغ من (USD)',
      amount_max: 'المبلغ إلى (USD)',
    },
  },
  'money-mismatches': {
    name: 'حالات عدم تطابق |||| حالة عدم تطابق |||| حالات عدم تطابق |||| حالات عدم تطابق |||| حالة عدم تطابق |||| حالة عدم تطابق',
    fields: { at: 'الوقت', kind: 'نوع عدم التطابق', reseller: 'الموزع', payment_id: 'الدفعة', ledger_ids: 'صفوف دفتر الحسابات', paid: 'المبلغ عنه', credited: 'المضاف' },
  },
  team: {
    name: 'أعضاء |||| عضو |||| أعضاء |||| أعضاء |||| عضوًا |||| عضو',
    fields: { name: 'الاسم', email: 'البريد الإلكتروني', role: 'الدور', daily_limit: 'الحد اليومي', two_factor: 'المصادقة الثنائية', joined_at: 'تاريخ الانضمام' },
  },
  'team-invitations': {
    name: 'دعوات |||| دعوة |||| دعوات |||| دعوات |||| دعوة |||| دعوة',
    fields: { email: 'البريد الإلكتروني', role: 'الدور', status: 'الحالة', sent_at: 'تاريخ الإرسال', expires_at: 'تاريخ الانتهاء' },
  },
  'user-audit': {
    name: 'سجلات تدقيق |||| سجل تدقيق |||| سجلات تدقيق |||| سجلات تدقيق |||| سجل تدقيق |||| سجل تدقيق',
    fields: { created_at: 'الوقت', action: 'الإجراء', change: 'قبل ← بعد', actor: 'الشخص', ip: 'المصدر (IP)' },
  },
};
