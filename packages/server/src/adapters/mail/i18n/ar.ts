/**
 * The e-mails in Arabic (Modern Standard Arabic). Sentences that name a company before its verb are
 * put in the passive, so the verb does not have to guess the company's gender.
 */
import type { MailCatalogue } from './en.js';

export const ar = {
  openLink: 'أو افتح هذا الرابط:',
  footer: 'أُرسلت هذه الرسالة من Partner Panel',
  hello: 'مرحبًا {name}،',
  helloNobody: 'مرحبًا،',

  plan_monthly: 'الخطة الشهرية (شهر واحد)',
  plan_quarterly: 'الخطة الفصلية (3 أشهر)',
  plan_semiannually: 'الخطة النصف سنوية (6 أشهر)',
  plan_annually: 'الخطة السنوية (12 شهرًا)',
  plan_biennially: 'خطة السنتين (سنتان)',
  plan_triennially: 'خطة الثلاث سنوات (3 سنوات)',
  plan_lifetime: 'الخطة مدى الحياة (5 سنوات)',

  role_owner: 'المالك',
  role_administrator: 'المسؤول',
  role_finance: 'المالية',
  role_operations: 'العمليات',
  role_developer: 'المطوّر',
  role_support: 'الدعم',
  role_viewer: 'المشاهد',

  verifySubject: 'تأكيد عنوان بريدك الإلكتروني',
  verifyBody: 'يُرجى تأكيد عنوان بريدك الإلكتروني لتفعيل حسابك في Partner Panel. الرابط صالح لمدة {hours}.',
  verifyAction: 'تأكيد عنوان البريد الإلكتروني',

  resetSubject: 'إعادة تعيين كلمة المرور',
  resetBody: 'تلقّينا طلبًا لإعادة تعيين كلمة مرور حسابك في Partner Panel. الرابط صالح لمدة {minutes}.',
  resetIgnore: 'إذا لم تطلب ذلك، يمكنك تجاهل هذه الرسالة: ستبقى كلمة مرورك كما هي.',
  resetAction: 'إعادة تعيين كلمة المرور',

  openedSubject: 'حسابك في Partner Panel جاهز',
  openedReseller: 'فتح فريق الشركاء حساب موزّع لـ {account} في Partner Panel، وأنت مالكه.',
  openedAdmin: 'فتح فريق الشركاء حساب موزّع مسؤول لـ {account} في Partner Panel، وأنت مالكه.',
  openedSetPassword: 'عيّن كلمة المرور لتسجيل الدخول. الرابط صالح لمدة {hours}؛ بعد ذلك استخدم «نسيت كلمة المرور» في صفحة تسجيل الدخول.',
  openedSignIn: 'سجّل الدخول كما تفعل عادةً: ستجد الحساب الجديد في مبدّل الحسابات ضمن قائمة المستخدم.',
  openedSetPasswordAction: 'تعيين كلمة المرور',
  openedSignInAction: 'تسجيل الدخول',

  passwordChangedSubject: 'تم تغيير كلمة المرور',
  passwordChangedBody: 'تم للتو تغيير كلمة مرور حسابك في Partner Panel، وتم تسجيل الخروج من جميع الجلسات.',
  passwordChangedNotYou: 'إذا لم تكن أنت من فعل ذلك، فأعد تعيين كلمة المرور فورًا وتواصل مع الدعم.',

  newDeviceSubject: 'تسجيل دخول جديد إلى حسابك في Partner Panel',
  newDeviceBody: 'تم للتو تسجيل الدخول إلى حسابك من جهاز لم يُستخدم من قبل: {device}، من {ip}، في {when}.',
  newDeviceUnknownAddress: 'عنوان غير معروف',
  newDeviceAdvice: 'إذا كنت أنت، فلا حاجة إلى أي إجراء. وإلا فغيّر كلمة المرور فورًا، وفعّل تسجيل الدخول بخطوتين، وسجّل الخروج من تلك الجلسة من ملفك الشخصي.',

  invitationSubject: 'دعوة من {inviter} للانضمام إلى {account} في Partner Panel',
  invitationBody: 'تلقّيت دعوة من {inviter} للانضمام إلى {account} في Partner Panel بدور {role}.',
  invitationHow: 'افتح الرابط لقبول الدعوة: ستُدخل اسمك وكلمة مرور، أو إذا كان هذا العنوان يسجّل الدخول إلى Partner Panel بالفعل، فستقبلها بهذا الحساب. الرابط صالح لمدة {days}.',
  invitationAction: 'قبول الدعوة',

  couponSubject: 'قسيمة VPN الخاصة بك من {reseller}',
  couponBody: 'أُرسلت إليك من {reseller} قسيمة اشتراك VPN: {plan}.',
  couponCode: 'رمز القسيمة: {code}',
  couponRedeemBefore: 'استخدمها قبل {date} لتفعيل حساب VPN الخاص بك.',
  couponAction: 'استخدام القسيمة',

  vpnReadySubject: 'حساب VPN الخاص بك جاهز',
  vpnCreatedBody: 'أُنشئ لك حساب VPN لدى {reseller}: {plan}.',
  vpnUsername: 'اسم المستخدم: {username}',
  vpnPassword: 'كلمة المرور: {password}',
  vpnKeepSafe: 'احتفظ بهذه البيانات في مكان آمن. يمكن لمزوّد الخدمة تغيير كلمة المرور لك في أي وقت.',
  vpnRedeemedBody: 'تم استخدام قسيمتك من {reseller}: {plan}.',
  vpnPasswordChosen: 'كلمة المرور: التي اخترتها عند استخدام القسيمة.',
  vpnRenewsAfter: 'يسري اشتراكك حتى {date} ثم يتجدد تلقائيًا.',
  vpnRunsUntil: 'يسري اشتراكك حتى {date}.',
  vpnKeepSafeRedeemed: 'احتفظ بهذه البيانات في مكان آمن. إذا نسيت كلمة المرور، يمكن للمزوّد الذي اشتريت منه القسيمة تغييرها لك.',

  vpnEmailChangedSubject: 'تم تغيير البريد الإلكتروني لحساب VPN الخاص بك',
  vpnPasswordChangedSubject: 'تم تغيير كلمة مرور VPN الخاصة بك',
  vpnEmailChanged: 'أصبح هذا العنوان الآن البريد الإلكتروني لحساب VPN الخاص بك ({username}).',
  vpnPasswordChanged: 'تم تغيير كلمة مرور حساب VPN الخاص بك ({username}).',
  vpnChangedNotYou: 'إذا لم تطلب ذلك، فتواصل مع المزوّد الذي اشتريته منه.',

  invoiceSubject: 'الفاتورة رقم {id} بمبلغ {amount}',
  invoiceBody: 'أُرسلت إليك من {admin} الفاتورة رقم {id} بمبلغ {amount}، ويحين موعد استحقاقها في {date}.',
  invoicePaying: 'عند دفعها يُضاف المبلغ إلى رصيدك.',
  invoiceAction: 'دفع الفاتورة',

  adminEmailSubject: 'تم تغيير البريد الإلكتروني لتسجيل الدخول',
  adminPasswordSubject: 'تم تغيير كلمة المرور',
  adminChangedEmail: 'غيّر مسؤول حسابك ({admin}) عنوان البريد الإلكتروني الذي تسجّل الدخول به.',
  adminChangedPassword: 'عيّن مسؤول حسابك ({admin}) كلمة مرور جديدة لحسابك وسجّل الخروج من جميع الجلسات.',
  adminChangedNotYou: 'إذا لم تكن تتوقع ذلك، فتواصل مع مسؤول حسابك أو مع الدعم.',

  webhookSubject: 'تم تعطيل نقطة نهاية webhook',
  webhookLiveBody: 'لم تقبل نقطة نهاية webhook الحية {url} أي تسليم منذ {since} رغم جميع المحاولات المتكررة، لذا عطّلناها.',
  webhookSandboxBody: 'لم تقبل نقطة نهاية webhook التجريبية {url} أي تسليم منذ {since} رغم جميع المحاولات المتكررة، لذا عطّلناها.',
  webhookKept: 'أحداثها محفوظة: عندما تستجيب نقطة النهاية مجددًا، فعّلها وأعد إرسال عمليات التسليم التي فاتتك من سجل التسليم الخاص بها، أو اقرأها من واجهة برمجة تطبيقات الأحداث.',
  webhookAction: 'فتح نقاط نهاية webhook',

  lowBalanceSubject: 'تنبيه انخفاض الرصيد',
  lowBalanceWallet: 'انخفض رصيدك ({left}) إلى ما دون الحد الذي حددته وهو {line}. أضف رصيدًا لمواصلة إنشاء القسائم وتجديد حسابات VPN.',
  lowBalanceCredit: 'انخفض المتبقي من حدك الائتماني ({left}) إلى ما دون الحد الذي حددته وهو {line}. يُرجى التواصل معنا لتسوية حسابك.',
  lowBalanceChange: 'يمكنك تغيير هذا التنبيه أو إيقافه من ملفك الشخصي.',
  lowBalanceAction: 'إضافة رصيد',

  whiteLabelAckSubject: 'تلقّينا استفسارك عن العلامة البيضاء',
  whiteLabelAckBody: 'شكرًا لاهتمامك ببيع {brand} كعلامة VPN خاصة بك (عدد المستخدمين المتوقع: {users}).',
  whiteLabelAckReply: 'سنرد على هذا العنوان خلال يومَي عمل.',

  whiteLabelEnquirySubject: 'استفسار عن العلامة البيضاء من {reseller}',
  whiteLabelEnquiryBody: 'يستفسر {reseller} ({email}، الموزّع رقم {id}) عن عرض العلامة البيضاء.',
  whiteLabelEnquiryBrand: 'اسم العلامة: {brand}',
  whiteLabelEnquiryUsers: 'عدد المستخدمين المتوقع: {users}',
  whiteLabelEnquiryMessage: 'الرسالة: {message}',
  whiteLabelEnquiryAction: 'سجّل الدخول لرؤية جميع الاستفسارات',

  whiteLabelReplySignature: '{name}، فريق العلامة البيضاء',
} as const satisfies MailCatalogue;
