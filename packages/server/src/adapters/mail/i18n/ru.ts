/** The e-mails in Russian (вы). */
import type { MailCatalogue } from './en.js';

export const ru = {
  openLink: 'Или откройте эту ссылку:',
  footer: 'Отправлено сервисом Partner Panel',
  hello: 'Здравствуйте, {name}!',
  helloNobody: 'Здравствуйте!',

  plan_monthly: 'Месячный тариф (1 месяц)',
  plan_quarterly: 'Квартальный тариф (3 месяца)',
  plan_semiannually: 'Полугодовой тариф (6 месяцев)',
  plan_annually: 'Годовой тариф (12 месяцев)',
  plan_biennially: 'Двухлетний тариф (2 года)',
  plan_triennially: 'Трёхлетний тариф (3 года)',
  plan_lifetime: 'Пожизненный тариф (5 лет)',

  role_owner: 'Владелец',
  role_administrator: 'Администратор',
  role_finance: 'Финансы',
  role_operations: 'Операции',
  role_developer: 'Разработчик',
  role_support: 'Поддержка',
  role_viewer: 'Наблюдатель',

  verifySubject: 'Подтвердите адрес электронной почты',
  verifyBody: 'Подтвердите адрес электронной почты, чтобы активировать учётную запись Partner Panel. Ссылка действительна {hours}.',
  verifyAction: 'Подтвердить адрес',

  resetSubject: 'Сброс пароля',
  resetBody: 'Мы получили запрос на сброс пароля вашей учётной записи Partner Panel. Ссылка действительна {minutes}.',
  resetIgnore: 'Если вы не отправляли этот запрос, просто проигнорируйте это письмо: ваш пароль останется прежним.',
  resetAction: 'Сбросить пароль',

  openedSubject: 'Ваша учётная запись Partner Panel готова',
  openedReseller: 'Партнёрская команда открыла в Partner Panel учётную запись реселлера для {account} и назначила вас её владельцем.',
  openedAdmin: 'Партнёрская команда открыла в Partner Panel учётную запись реселлера-администратора для {account} и назначила вас её владельцем.',
  openedSetPassword: 'Задайте пароль, чтобы войти. Ссылка действительна {hours}; после этого воспользуйтесь ссылкой «Забыли пароль?» на странице входа.',
  openedSignIn: 'Входите как обычно: новая учётная запись появится в переключателе учётных записей в меню пользователя.',
  openedSetPasswordAction: 'Задать пароль',
  openedSignInAction: 'Войти',

  passwordChangedSubject: 'Ваш пароль изменён',
  passwordChangedBody: 'Пароль вашей учётной записи Partner Panel только что изменён, все сеансы завершены.',
  passwordChangedNotYou: 'Если это были не вы, немедленно сбросьте пароль и обратитесь в поддержку.',

  newDeviceSubject: 'Новый вход в вашу учётную запись Partner Panel',
  newDeviceBody: 'В вашу учётную запись только что вошли с устройства, которое раньше не использовалось: {device}; IP-адрес: {ip}; время: {when}.',
  newDeviceUnknownAddress: 'неизвестен',
  newDeviceAdvice: 'Если это были вы, ничего делать не нужно. Если нет, немедленно смените пароль, включите двухфакторный вход и завершите этот сеанс в своём профиле.',

  invitationSubject: '{inviter} приглашает вас в команду {account} в Partner Panel',
  invitationBody: '{inviter} приглашает вас присоединиться к команде {account} в Partner Panel с ролью «{role}».',
  invitationHow: 'Чтобы принять приглашение, откройте ссылку: вы укажете имя и пароль, а если с этого адреса уже входите в Partner Panel — примете приглашение с этой учётной записью. Ссылка действительна {days}.',
  invitationAction: 'Принять приглашение',

  couponSubject: 'Ваш VPN-купон от {reseller}',
  couponBody: 'Продавец {reseller} отправил вам купон на подписку VPN: {plan}.',
  couponCode: 'Код вашего купона: {code}',
  couponRedeemBefore: 'Активируйте его до {date}, чтобы открыть учётную запись VPN.',
  couponAction: 'Активировать купон',

  vpnReadySubject: 'Ваша учётная запись VPN готова',
  vpnCreatedBody: 'Продавец {reseller} создал для вас учётную запись VPN: {plan}.',
  vpnUsername: 'Имя пользователя: {username}',
  vpnPassword: 'Пароль: {password}',
  vpnKeepSafe: 'Храните эти данные в надёжном месте. Ваш поставщик может сменить пароль в любой момент.',
  vpnRedeemedBody: 'Ваш купон от {reseller} активирован: {plan}.',
  vpnPasswordChosen: 'Пароль: тот, который вы выбрали при активации купона.',
  vpnRenewsAfter: 'Ваша подписка действует до {date}, затем продлевается автоматически.',
  vpnRunsUntil: 'Ваша подписка действует до {date}.',
  vpnKeepSafeRedeemed: 'Храните эти данные в надёжном месте. Если вы забудете пароль, его может сменить поставщик, у которого вы купили купон.',

  vpnEmailChangedSubject: 'Адрес электронной почты вашей учётной записи VPN изменён',
  vpnPasswordChangedSubject: 'Пароль вашего VPN изменён',
  vpnEmailChanged: 'Теперь этот адрес — адрес электронной почты вашей учётной записи VPN ({username}).',
  vpnPasswordChanged: 'Пароль вашей учётной записи VPN изменён ({username}).',
  vpnChangedNotYou: 'Если вы этого не запрашивали, обратитесь к поставщику, у которого купили VPN.',

  invoiceSubject: 'Счёт № {id} на сумму {amount}',
  invoiceBody: 'Вам выставлен счёт № {id} от {admin} на сумму {amount} со сроком оплаты до {date}.',
  invoicePaying: 'После оплаты сумма зачисляется на ваш баланс.',
  invoiceAction: 'Оплатить счёт',

  adminEmailSubject: 'Адрес электронной почты для входа изменён',
  adminPasswordSubject: 'Ваш пароль изменён',
  adminChangedEmail: 'Администратор вашей учётной записи ({admin}) изменил адрес электронной почты, с которым вы входите.',
  adminChangedPassword: 'Администратор вашей учётной записи ({admin}) задал для неё новый пароль и завершил все сеансы.',
  adminChangedNotYou: 'Если вы этого не ожидали, свяжитесь с администратором или с поддержкой.',

  webhookSubject: 'Конечная точка вебхуков отключена',
  webhookLiveBody: 'Ваша рабочая конечная точка вебхуков {url} не принимает доставки с {since}, несмотря на все повторные попытки, поэтому мы её отключили.',
  webhookSandboxBody: 'Ваша тестовая конечная точка вебхуков {url} не принимает доставки с {since}, несмотря на все повторные попытки, поэтому мы её отключили.',
  webhookKept: 'Её события сохранены: когда конечная точка снова начнёт отвечать, включите её и повторите пропущенные доставки из журнала доставок или получите их через API событий.',
  webhookAction: 'Открыть конечные точки вебхуков',

  lowBalanceSubject: 'Низкий баланс',
  lowBalanceWallet: 'Ваш баланс ({left}) опустился ниже установленного вами порога {line}. Пополните баланс, чтобы и дальше создавать купоны и продлевать учётные записи VPN.',
  lowBalanceCredit: 'Остаток вашей кредитной линии ({left}) опустился ниже установленного вами порога {line}. Свяжитесь с нами, чтобы погасить задолженность.',
  lowBalanceChange: 'Изменить или отключить это предупреждение можно в профиле.',
  lowBalanceAction: 'Пополнить баланс',

  whiteLabelAckSubject: 'Мы получили ваш запрос о white-label',
  whiteLabelAckBody: 'Спасибо за интерес к продаже {brand} под вашей собственной VPN-маркой (ожидаемое число пользователей: {users}).',
  whiteLabelAckReply: 'Мы ответим на этот адрес в течение двух рабочих дней.',

  whiteLabelEnquirySubject: 'Запрос о white-label от {reseller}',
  whiteLabelEnquiryBody: '{reseller} ({email}, реселлер № {id}) интересуется предложением white-label.',
  whiteLabelEnquiryBrand: 'Название марки: {brand}',
  whiteLabelEnquiryUsers: 'Ожидаемое число пользователей: {users}',
  whiteLabelEnquiryMessage: 'Сообщение: {message}',
  whiteLabelEnquiryAction: 'Войдите, чтобы увидеть все запросы',

  whiteLabelReplySignature: '{name}, команда white-label',
} as const satisfies MailCatalogue;
