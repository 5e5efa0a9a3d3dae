/**
 * What the profile's security list says of each action, in each language we speak (issue 36): the
 * list is the portal's own reading, shown to the person in their language (their profile's). The
 * English is the list's original wording.
 */
import type { Locale } from '@partner-panel/sdk';
import { WEBHOOKS } from '@partner-panel/sdk';

type Data = Record<string, unknown>;

export const SECURITY_ACTIONS = [
  'reseller.signed_in',
  'reseller.password_changed',
  'reseller.password_reset',
  'reseller.two_factor_enabled',
  'reseller.two_factor_disabled',
  'reseller.recovery_codes_renewed',
  'reseller.recovery_code_used',
  'reseller.session_ended',
  'reseller.other_sessions_ended',
  'secret_key.generated',
  'secret_key.regenerated',
  'webhook_endpoint.created',
  'webhook_endpoint.secret_rotated',
  'webhook_endpoint.deleted',
  'user.two_factor_required',
  'user.two_factor_not_required',
  'user.password_updated',
] as const;
type Action = (typeof SECURITY_ACTIONS)[number];

/** A language's words: the sentences, a key's mode (live, test) and a device the sign-in did not name. */
interface Words {
  mode: { live: string; test: string };
  someDevice: string;
  say: (w: { device: string; mode: string; url: string; ended: string; hours: number }) => Record<Action, string>;
}

const WORDS: Record<Locale, Words> = {
  en: {
    mode: { live: 'live', test: 'test' },
    someDevice: 'a device',
    say: ({ device, mode, url, ended, hours }) => ({
      'reseller.signed_in': `Signed in on ${device}.`,
      'reseller.password_changed': 'Password changed; every session was signed out.',
      'reseller.password_reset': 'Password reset from a mailed link; every session was signed out.',
      'reseller.two_factor_enabled': 'Two-factor sign-in turned on.',
      'reseller.two_factor_disabled': 'Two-factor sign-in turned off.',
      'reseller.recovery_codes_renewed': 'New recovery codes made; the old ones stopped working.',
      'reseller.recovery_code_used': 'Signed in with a recovery code.',
      'reseller.session_ended': `Signed out a session on ${device}.`,
      'reseller.other_sessions_ended': `Signed out every other session (${ended}).`,
      'secret_key.generated': `A ${mode} secret key was made.`,
      'secret_key.regenerated': `The ${mode} secret key was replaced.`,
      'webhook_endpoint.created': `A ${mode} webhook endpoint was added for ${url}; its signing secret was shown once.`,
      'webhook_endpoint.secret_rotated': `The signing secret of the ${mode} webhook endpoint ${url} was replaced; the old one signs for ${hours} hours more.`,
      'webhook_endpoint.deleted': `The ${mode} webhook endpoint ${url} was deleted.`,
      'user.two_factor_required': 'Your administrator now requires two-factor sign-in.',
      'user.two_factor_not_required': 'Your administrator no longer requires two-factor sign-in.',
      'user.password_updated': 'Your administrator set a new password; every session was signed out.',
    }),
  },
  es: {
    mode: { live: 'producción', test: 'prueba' },
    someDevice: 'un dispositivo',
    say: ({ device, mode, url, ended, hours }) => ({
      'reseller.signed_in': `Inicio de sesión en ${device}.`,
      'reseller.password_changed': 'Contraseña cambiada; se cerraron todas las sesiones.',
      'reseller.password_reset': 'Contraseña restablecida desde un enlace enviado por correo; se cerraron todas las sesiones.',
      'reseller.two_factor_enabled': 'Verificación en dos pasos activada.',
      'reseller.two_factor_disabled': 'Verificación en dos pasos desactivada.',
      'reseller.recovery_codes_renewed': 'Se crearon nuevos códigos de recuperación; los anteriores dejaron de funcionar.',
      'reseller.recovery_code_used': 'Inicio de sesión con un código de recuperación.',
      'reseller.session_ended': `Se cerró una sesión en ${device}.`,
      'reseller.other_sessions_ended': `Se cerraron todas las demás sesiones (${ended}).`,
      'secret_key.generated': `Se creó una clave secreta (${mode}).`,
      'secret_key.regenerated': `Se reemplazó la clave secreta (${mode}).`,
      'webhook_endpoint.created': `Se añadió un endpoint de webhook (${mode}) para ${url}; su secreto de firma se mostró una vez.`,
      'webhook_endpoint.secret_rotated': `Se reemplazó el secreto de firma del endpoint de webhook (${mode}) ${url}; el anterior sigue firmando durante ${hours} horas más.`,
      'webhook_endpoint.deleted': `Se eliminó el endpoint de webhook (${mode}) ${url}.`,
      'user.two_factor_required': 'Su administrador exige ahora la verificación en dos pasos.',
      'user.two_factor_not_required': 'Su administrador ya no exige la verificación en dos pasos.',
      'user.password_updated': 'Su administrador estableció una nueva contraseña; se cerraron todas las sesiones.',
    }),
  },
  fr: {
    mode: { live: 'production', test: 'test' },
    someDevice: 'un appareil',
    say: ({ device, mode, url, ended, hours }) => ({
      'reseller.signed_in': `Connexion sur ${device}.`,
      'reseller.password_changed': 'Mot de passe modifié\u00a0; toutes les sessions ont été fermées.',
      'reseller.password_reset': 'Mot de passe réinitialisé depuis un lien envoyé par e-mail\u00a0; toutes les sessions ont été fermées.',
      'reseller.two_factor_enabled': 'Connexion à deux facteurs activée.',
      'reseller.two_factor_disabled': 'Connexion à deux facteurs désactivée.',
      'reseller.recovery_codes_renewed': 'Nouveaux codes de récupération créés\u00a0; les anciens ne fonctionnent plus.',
      'reseller.recovery_code_used': 'Connexion avec un code de récupération.',
      'reseller.session_ended': `Déconnexion d’une session sur ${device}.`,
      'reseller.other_sessions_ended': `Déconnexion de toutes les autres sessions (${ended}).`,
      'secret_key.generated': `Une clé secrète (${mode}) a été créée.`,
      'secret_key.regenerated': `La clé secrète (${mode}) a été remplacée.`,
      'webhook_endpoint.created': `Un point de terminaison de webhook (${mode}) a été ajouté pour ${url}\u00a0; son secret de signature a été affiché une seule fois.`,
      'webhook_endpoint.secret_rotated': `Le secret de signature du point de terminaison de webhook (${mode}) ${url} a été remplacé\u00a0; l’ancien signe encore pendant ${hours}\u00a0heures.`,
      'webhook_endpoint.deleted': `Le point de terminaison de webhook (${mode}) ${url} a été supprimé.`,
      'user.two_factor_required': 'Votre administrateur exige désormais la connexion à deux facteurs.',
      'user.two_factor_not_required': 'Votre administrateur n’exige plus la connexion à deux facteurs.',
      'user.password_updated': 'Votre administrateur a défini un nouveau mot de passe\u00a0; toutes les sessions ont été fermées.',
    }),
  },
  de: {
    mode: { live: 'Live', test: 'Test' },
    someDevice: 'einem Gerät',
    say: ({ device, mode, url, ended, hours }) => ({
      'reseller.signed_in': `Anmeldung auf ${device}.`,
      'reseller.password_changed': 'Passwort geändert; alle Sitzungen wurden abgemeldet.',
      'reseller.password_reset': 'Passwort über einen zugesandten Link zurückgesetzt; alle Sitzungen wurden abgemeldet.',
      'reseller.two_factor_enabled': 'Zwei-Faktor-Anmeldung aktiviert.',
      'reseller.two_factor_disabled': 'Zwei-Faktor-Anmeldung deaktiviert.',
      'reseller.recovery_codes_renewed': 'Neue Wiederherstellungscodes erstellt; die alten gelten nicht mehr.',
      'reseller.recovery_code_used': 'Mit einem Wiederherstellungscode angemeldet.',
      'reseller.session_ended': `Eine Sitzung auf ${device} abgemeldet.`,
      'reseller.other_sessions_ended': `Alle anderen Sitzungen abgemeldet (${ended}).`,
      'secret_key.generated': `Ein geheimer Schlüssel (${mode}) wurde erstellt.`,
      'secret_key.regenerated': `Der geheime Schlüssel (${mode}) wurde ersetzt.`,
      'webhook_endpoint.created': `Ein Webhook-Endpunkt (${mode}) für ${url} wurde hinzugefügt; sein Signaturgeheimnis wurde einmal angezeigt.`,
      'webhook_endpoint.secret_rotated': `Das Signaturgeheimnis des Webhook-Endpunkts (${mode}) ${url} wurde ersetzt; das alte signiert noch ${hours} Stunden.`,
      'webhook_endpoint.deleted': `Der Webhook-Endpunkt (${mode}) ${url} wurde gelöscht.`,
      'user.two_factor_required': 'Ihr Administrator verlangt jetzt die Zwei-Faktor-Anmeldung.',
      'user.two_factor_not_required': 'Ihr Administrator verlangt die Zwei-Faktor-Anmeldung nicht mehr.',
      'user.password_updated': 'Ihr Administrator hat ein neues Passwort festgelegt; alle Sitzungen wurden abgemeldet.',
    }),
  },
  'pt-BR': {
    mode: { live: 'produção', test: 'teste' },
    someDevice: 'um dispositivo',
    say: ({ device, mode, url, ended, hours }) => ({
      'reseller.signed_in': `Entrada em ${device}.`,
      'reseller.password_changed': 'Senha alterada; todas as sessões foram encerradas.',
      'reseller.password_reset': 'Senha redefinida por um link enviado por e-mail; todas as sessões foram encerradas.',
      'reseller.two_factor_enabled': 'Verificação em duas etapas ativada.',
      'reseller.two_factor_disabled': 'Verificação em duas etapas desativada.',
      'reseller.recovery_codes_renewed': 'Novos códigos de recuperação criados; os antigos deixaram de funcionar.',
      'reseller.recovery_code_used': 'Entrada com um código de recuperação.',
      'reseller.session_ended': `Uma sessão em ${device} foi encerrada.`,
      'reseller.other_sessions_ended': `Todas as outras sessões foram encerradas (${ended}).`,
      'secret_key.generated': `Uma chave secreta (${mode}) foi criada.`,
      'secret_key.regenerated': `A chave secreta (${mode}) foi substituída.`,
      'webhook_endpoint.created': `Um endpoint de webhook (${mode}) foi adicionado para ${url}; seu segredo de assinatura foi mostrado uma única vez.`,
      'webhook_endpoint.secret_rotated': `O segredo de assinatura do endpoint de webhook (${mode}) ${url} foi substituído; o antigo ainda assina por mais ${hours} horas.`,
      'webhook_endpoint.deleted': `O endpoint de webhook (${mode}) ${url} foi excluído.`,
      'user.two_factor_required': 'Seu administrador agora exige a verificação em duas etapas.',
      'user.two_factor_not_required': 'Seu administrador não exige mais a verificação em duas etapas.',
      'user.password_updated': 'Seu administrador definiu uma nova senha; todas as sessões foram encerradas.',
    }),
  },
  ru: {
    mode: { live: 'боевой', test: 'тестовый' },
    someDevice: 'неизвестное устройство',
    say: ({ device, mode, url, ended, hours }) => ({
      'reseller.signed_in': `Вход с устройства: ${device}.`,
      'reseller.password_changed': 'Пароль изменён; все сеансы завершены.',
      'reseller.password_reset': 'Пароль сброшен по ссылке из письма; все сеансы завершены.',
      'reseller.two_factor_enabled': 'Двухфакторная аутентификация включена.',
      'reseller.two_factor_disabled': 'Двухфакторная аутентификация выключена.',
      'reseller.recovery_codes_renewed': 'Созданы новые резервные коды; старые больше не действуют.',
      'reseller.recovery_code_used': 'Вход с резервным кодом.',
      'reseller.session_ended': `Завершён сеанс на устройстве: ${device}.`,
      'reseller.other_sessions_ended': `Завершены все остальные сеансы (${ended}).`,
      'secret_key.generated': `Создан секретный ключ (${mode}).`,
      'secret_key.regenerated': `Секретный ключ (${mode}) заменён.`,
      'webhook_endpoint.created': `Добавлен вебхук (${mode}) для ${url}; его секрет подписи был показан один раз.`,
      'webhook_endpoint.secret_rotated': `Секрет подписи вебхука (${mode}) ${url} заменён; старый действует ещё ${hours} ч.`,
      'webhook_endpoint.deleted': `Вебхук (${mode}) ${url} удалён.`,
      'user.two_factor_required': 'Ваш администратор теперь требует двухфакторную аутентификацию.',
      'user.two_factor_not_required': 'Ваш администратор больше не требует двухфакторную аутентификацию.',
      'user.password_updated': 'Ваш администратор задал новый пароль; все сеансы завершены.',
    }),
  },
  ar: {
    mode: { live: 'مباشر', test: 'اختبار' },
    someDevice: 'جهاز غير معروف',
    say: ({ device, mode, url, ended, hours }) => ({
      'reseller.signed_in': `تسجيل الدخول من الجهاز: ${device}.`,
      'reseller.password_changed': 'تم تغيير كلمة المرور، وأُنهيت جميع الجلسات.',
      'reseller.password_reset': 'أُعيد تعيين كلمة المرور من رابط مرسل بالبريد، وأُنهيت جميع الجلسات.',
      'reseller.two_factor_enabled': 'تم تفعيل المصادقة الثنائية.',
      'reseller.two_factor_disabled': 'تم إيقاف المصادقة الثنائية.',
      'reseller.recovery_codes_renewed': 'أُنشئت رموز استرداد جديدة، ولم تعد الرموز القديمة صالحة.',
      'reseller.recovery_code_used': 'تسجيل الدخول برمز استرداد.',
      'reseller.session_ended': `أُنهيت جلسة على الجهاز: ${device}.`,
      'reseller.other_sessions_ended': `أُنهيت جميع الجلسات الأخرى (${ended}).`,
      'secret_key.generated': `أُنشئ مفتاح سري (${mode}).`,
      'secret_key.regenerated': `استُبدل المفتاح السري (${mode}).`,
      'webhook_endpoint.created': `أُضيفت نقطة نهاية خطاف ويب (${mode}) للعنوان ${url}، وعُرض سر التوقيع الخاص بها مرة واحدة.`,
      'webhook_endpoint.secret_rotated': `استُبدل سر توقيع نقطة نهاية خطاف الويب (${mode}) ${url}، ويظل السر القديم يوقّع لمدة ${hours} ساعة أخرى.`,
      'webhook_endpoint.deleted': `حُذفت نقطة نهاية خطاف الويب (${mode}) ${url}.`,
      'user.two_factor_required': 'يشترط مسؤولك الآن المصادقة الثنائية.',
      'user.two_factor_not_required': 'لم يعد مسؤولك يشترط المصادقة الثنائية.',
      'user.password_updated': 'عيّن مسؤولك كلمة مرور جديدة، وأُنهيت جميع الجلسات.',
    }),
  },
};

/** An action of the security list in `locale`, with what it recorded (a device, a key's mode, a URL). */
export function describeSecurityEvent(locale: Locale, action: string, data: Data): string {
  const words = WORDS[locale];
  const mode = data.mode === 'live' || data.mode === 'test' ? words.mode[data.mode] : String(data.mode ?? '');
  const said = words.say({
    device: typeof data.device === 'string' && data.device ? data.device : words.someDevice,
    mode,
    url: String(data.url ?? ''),
    ended: String(data.ended ?? 0),
    hours: WEBHOOKS.rotationOverlapHours,
  });
  return said[action as Action] ?? action;
}

export const isSecurityAction = (action: string): action is Action => (SECURITY_ACTIONS as readonly string[]).includes(action);
