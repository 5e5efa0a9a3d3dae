/**
 * react-admin's own strings, the whole `ra` tree (no package of react-admin's strings serves this
 * language), with our wording where en/react-admin.ts words them: the selection's toolbar and
 * checkboxes (the coupon list's bulk actions) and an empty list.
 */
import type englishMessages from 'ra-language-english';
import type { Translation } from '../catalogue';

export const reactAdmin: Translation<typeof englishMessages.ra> = {
  action: {
    add_filter: 'إضافة عامل تصفية',
    add: 'إضافة',
    back: 'رجوع',
    bulk_actions: 'لم يُحدد أي صف |||| تم تحديد صف واحد |||| تم تحديد صفين |||| تم تحديد %{smart_count} صفوف |||| تم تحديد %{smart_count} صفًا |||| تم تحديد %{smart_count} صف',
    cancel: 'إلغاء',
    clear_array_input: 'مسح القائمة',
    clear_input_value: 'مسح القيمة',
    clone: 'استنساخ',
    confirm: 'تأكيد',
    create: 'إنشاء',
    create_item: 'إنشاء %{item}',
    delete: 'حذف',
    edit: 'تعديل',
    export: 'تصدير',
    list: 'القائمة',
    refresh: 'تحديث',
    remove_filter: 'إزالة عامل التصفية هذا',
    remove_all_filters: 'إزالة كل عوامل التصفية',
    remove: 'إزالة',
    reset: 'إعادة تعيين',
    save: 'حفظ',
    search: 'بحث',
    search_columns: 'البحث في الأعمدة',
    select_all: 'تحديد كل صفوف هذه الصفحة',
    select_all_button: 'تحديد الكل',
    select_row: 'تحديد هذا الصف',
    show: 'عرض',
    sort: 'ترتيب',
    undo: 'تراجع',
    unselect: 'إلغاء تحديد كل الصفوف',
    expand: 'توسيع',
    close: 'إغلاق',
    open_menu: 'فتح القائمة',
    close_menu: 'إغلاق القائمة',
    update: 'تحديث',
    move_up: 'نقل لأعلى',
    move_down: 'نقل لأسفل',
    open: 'فتح',
    toggle_theme: 'التبديل بين الوضع الفاتح والداكن',
    select_columns: 'الأعمدة',
    update_application: 'إعادة تحميل التطبيق',
  },
  boolean: {
    true: 'نعم',
    false: 'لا',
    null: '—',
  },
  page: {
    create: 'إنشاء %{name}',
    dashboard: 'لوحة المعلومات',
    edit: '%{name} %{recordRepresentation}',
    error: 'حدث خطأ ما',
    list: '%{name}',
    loading: 'جارٍ التحميل',
    not_found: 'غير موجود',
    show: '%{name} %{recordRepresentation}',
    empty: 'لا يوجد %{name} بعد.',
    invite: 'هل تريد إضافة عنصر؟',
    access_denied: 'تم رفض الوصول',
    authentication_error: 'خطأ في المصادقة',
  },
  input: {
    file: {
      upload_several: 'أفلت بعض الملفات لرفعها، أو انقر لاختيار أحدها.',
      upload_single: 'أفلت ملفًا لرفعه، أو انقر لاختياره.',
    },
    image: {
      upload_several: 'أفلت بعض الصور لرفعها، أو انقر لاختيار إحداها.',
      upload_single: 'أفلت صورة لرفعها، أو انقر لاختيارها.',
    },
    references: {
      all_missing: 'تعذر العثور على البيانات المرجعية.',
      many_missing: 'يبدو أن واحدًا على الأقل من المراجع المرتبطة لم يعد متاحًا.',
      single_missing: 'يبدو أن المرجع المرتبط لم يعد متاحًا.',
    },
    password: {
      toggle_visible: 'إخفاء كلمة المرور',
      toggle_hidden: 'إظهار كلمة المرور',
    },
  },
  message: {
    about: 'حول',
    access_denied: 'ليست لديك الأذونات اللازمة للوصول إلى هذه الصفحة',
    are_you_sure: 'هل أنت متأكد؟',
    authentication_error: 'أعاد خادم المصادقة خطأً وتعذر التحقق من بيانات اعتمادك.',
    auth_error: 'حدث خطأ أثناء التحقق من رمز المصادقة.',
    bulk_delete_content:
      'هل تريد بالتأكيد حذف هذا العنصر (%{name})؟ |||| ' +
      'هل تريد بالتأكيد حذف هذا العنصر (%{name})؟ |||| ' +
      'هل تريد بالتأكيد حذف هذين العنصرين؟ |||| ' +
      'هل تريد بالتأكيد حذف هذه العناصر البالغ عددها %{smart_count}؟ |||| ' +
      'هل تريد بالتأكيد حذف هذه العناصر البالغ عددها %{smart_count}؟ |||| ' +
      'هل تريد بالتأكيد حذف هذه العناصر البالغ عددها %{smart_count}؟',
    bulk_delete_title:
      'حذف %{name} |||| ' +
      'حذف %{name} |||| ' +
      'حذف %{smart_count} %{name} |||| ' +
      'حذف %{smart_count} %{name} |||| ' +
      'حذف %{smart_count} %{name} |||| ' +
      'حذف %{smart_count} %{name}',
    bulk_update_content:
      'هل تريد بالتأكيد تحديث %{name} %{recordRepresentation}؟ |||| ' +
      'هل تريد بالتأكيد تحديث %{name} %{recordRepresentation}؟ |||| ' +
      'هل تريد بالتأكيد تحديث هذين العنصرين؟ |||| ' +
      'هل تريد بالتأكيد تحديث هذه العناصر البالغ عددها %{smart_count}؟ |||| ' +
      'هل تريد بالتأكيد تحديث هذه العناصر البالغ عددها %{smart_count}؟ |||| ' +
      'هل تريد بالتأكيد تحديث هذه العناصر البالغ عددها %{smart_count}؟',
    bulk_update_title:
      'تحديث %{name} %{recordRepresentation} |||| ' +
      'تحديث %{name} %{recordRepresentation} |||| ' +
      'تحديث %{smart_count} %{name} |||| ' +
      'تحديث %{smart_count} %{name} |||| ' +
      'تحديث %{smart_count} %{name} |||| ' +
      'تحديث %{smart_count} %{name}',
    clear_array_input: 'هل تريد بالتأكيد مسح القائمة بأكملها؟',
    delete_content: 'هل تريد بالتأكيد حذف هذا العنصر (%{name})؟',
    delete_title: 'حذف %{name} %{recordRepresentation}',
    details: 'التفاصيل',
    error: 'حدث خطأ لدى العميل وتعذر إكمال طلبك.',
    invalid_form: 'النموذج غير صالح. يُرجى التحقق من الأخطاء',
    loading: 'يُرجى الانتظار',
    no: 'لا',
    not_found: 'إما أنك كتبت عنوان URL خاطئًا، أو اتبعت رابطًا غير صحيح.',
    select_all_limit_reached: 'العناصر أكثر من أن تُحدد كلها. لم يُحدد سوى العناصر الأولى وعددها %{max}.',
    unsaved_changes: 'لم تُحفظ بعض تغييراتك. هل تريد بالتأكيد تجاهلها؟',
    yes: 'نعم',
    placeholder_data_warning: 'مشكلة في الشبكة: تعذر تحديث البيانات.',
  },
  navigation: {
    clear_filters: 'مسح عوامل التصفية',
    no_filtered_results: 'لم يُعثر على %{name} باستخدام عوامل التصفية الحالية.',
    no_results: 'لم يُعثر على أي سجلات!',
    no_more_results: 'رقم الصفحة %{page} خارج النطاق. جرّب الصفحة السابقة.',
    page_out_of_boundaries: 'رقم الصفحة %{page} خارج النطاق',
    page_out_from_end: 'لا يمكن تجاوز الصفحة الأخيرة',
    page_out_from_begin: 'لا يمكن الرجوع إلى ما قبل الصفحة 1',
    page_range_info: '%{offsetBegin}-%{offsetEnd} من %{total}',
    partial_page_range_info: '%{offsetBegin}-%{offsetEnd} من أكثر من %{offsetEnd}',
    current_page: 'الصفحة %{page}',
    page: 'الانتقال إلى الصفحة %{page}',
    first: 'الانتقال إلى الصفحة الأولى',
    last: 'الانتقال إلى الصفحة الأخيرة',
    next: 'الانتقال إلى الصفحة التالية',
    previous: 'الانتقال إلى الصفحة السابقة',
    page_rows_per_page: 'عدد الصفوف في الصفحة:',
    skip_nav: 'الانتقال إلى المحتوى',
  },
  sort: {
    sort_by: 'الترتيب حسب %{field_lower_first} %{order}',
    ASC: 'تصاعديًا',
    DESC: 'تنازليًا',
  },
  auth: {
    auth_check_error: 'يُرجى تسجيل الدخول للمتابعة',
    user_menu: 'الملف الشخصي',
    username: 'اسم المستخدم',
    password: 'كلمة المرور',
    email: 'البريد الإلكتروني',
    sign_in: 'تسجيل الدخول',
    sign_in_error: 'فشلت المصادقة، يُرجى المحاولة مرة أخرى',
    logout: 'تسجيل الخروج',
  },
  notification: {
    updated:
      'لم يُحدَّث أي عنصر |||| ' +
      'تم تحديث العنصر |||| ' +
      'تم تحديث عنصرين |||| ' +
      'تم تحديث %{smart_count} عناصر |||| ' +
      'تم تحديث %{smart_count} عنصرًا |||| ' +
      'تم تحديث %{smart_count} عنصر',
    created: 'تم إنشاء العنصر',
    deleted:
      'لم يُحذف أي عنصر |||| ' +
      'تم حذف العنصر |||| ' +
      'تم حذف عنصرين |||| ' +
      'تم حذف %{smart_count} عناصر |||| ' +
      'تم حذف %{smart_count} عنصرًا |||| ' +
      'تم حذف %{smart_count} عنصر',
    bad_item: 'عنصر غير صحيح',
    item_doesnt_exist: 'العنصر غير موجود',
    http_error: 'خطأ في الاتصال بالخادم',
    data_provider_error: 'خطأ في dataProvider. راجع وحدة التحكم لمعرفة التفاصيل.',
    i18n_error: 'تعذر تحميل الترجمات للغة المحددة',
    canceled: 'تم إلغاء الإجراء',
    logged_out: 'انتهت جلستك، يُرجى إعادة الاتصال.',
    not_authorized: 'غير مصرح لك بالوصول إلى هذا المورد.',
    application_update_available: 'يتوفر إصدار جديد.',
    offline: 'لا يوجد اتصال. تعذر جلب البيانات.',
  },
  validation: {
    required: 'مطلوب',
    minLength: 'يجب ألا يقل عدد الأحرف عن %{min}',
    maxLength: 'يجب ألا يزيد عدد الأحرف على %{max}',
    minValue: 'يجب ألا يقل عن %{min}',
    maxValue: 'يجب ألا يزيد على %{max}',
    number: 'يجب أن يكون رقمًا',
    email: 'يجب أن يكون بريدًا إلكترونيًا صالحًا',
    oneOf: 'يجب أن يكون أحد الخيارات التالية: %{options}',
    regex: 'يجب أن يطابق تنسيقًا محددًا (regexp): %{pattern}',
    unique: 'يجب أن يكون فريدًا',
  },
  saved_queries: {
    label: 'الاستعلامات المحفوظة',
    query_name: 'اسم الاستعلام',
    new_label: 'حفظ الاستعلام الحالي…',
    new_dialog_title: 'حفظ الاستعلام الحالي باسم',
    remove_label: 'إزالة الاستعلام المحفوظ',
    remove_label_with_name: 'إزالة الاستعلام «%{name}»',
    remove_dialog_title: 'إزالة الاستعلام المحفوظ؟',
    remove_message: 'هل تريد بالتأكيد إزالة هذا العنصر من قائمة الاستعلامات المحفوظة؟',
    help: 'صفِّ القائمة واحفظ هذا الاستعلام لوقت لاحق',
  },
  guesser: {
    empty: {
      title: 'لا توجد بيانات للعرض',
      message: 'يُرجى التحقق من مزود البيانات',
    },
  },
  configurable: {
    customize: 'تخصيص',
    configureMode: 'تهيئة هذه الصفحة',
    inspector: {
      title: 'أداة الفحص',
      content: 'مرّر المؤشر فوق عناصر واجهة التطبيق لتهيئتها',
      reset: 'إعادة تعيين الإعدادات',
      hideAll: 'إخفاء الكل',
      showAll: 'إظهار الكل',
    },
    Datagrid: {
      title: 'جدول البيانات',
      unlabeled: 'عمود بلا تسمية رقم %{column}',
    },
    SimpleForm: {
      title: 'النموذج',
      unlabeled: 'حقل إدخال بلا تسمية رقم %{input}',
    },
    SimpleList: {
      title: 'القائمة',
      primaryText: 'النص الأساسي',
      secondaryText: 'النص الثانوي',
      tertiaryText: 'النص الثالث',
    },
  },
};
