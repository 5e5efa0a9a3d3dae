/** The e-mails in Spanish (usted). */
import type { MailCatalogue } from './en.js';

export const es = {
  openLink: 'O abra este enlace:',
  footer: 'Enviado por Partner Panel',
  hello: 'Hola, {name}:',
  helloNobody: 'Hola:',

  plan_monthly: 'Plan mensual (1 mes)',
  plan_quarterly: 'Plan trimestral (3 meses)',
  plan_semiannually: 'Plan semestral (6 meses)',
  plan_annually: 'Plan anual (12 meses)',
  plan_biennially: 'Plan bienal (2 años)',
  plan_triennially: 'Plan trienal (3 años)',
  plan_lifetime: 'Plan vitalicio (5 años)',

  role_owner: 'Propietario',
  role_administrator: 'Administrador',
  role_finance: 'Finanzas',
  role_operations: 'Operaciones',
  role_developer: 'Desarrollador',
  role_support: 'Soporte',
  role_viewer: 'Lector',

  verifySubject: 'Verifique su dirección de correo electrónico',
  verifyBody: 'Confirme su dirección de correo electrónico para activar su cuenta de Partner Panel. El enlace es válido durante {hours}.',
  verifyAction: 'Verificar la dirección de correo',

  resetSubject: 'Restablezca su contraseña',
  resetBody: 'Hemos recibido una solicitud para restablecer la contraseña de su cuenta de Partner Panel. El enlace es válido durante {minutes}.',
  resetIgnore: 'Si no lo ha solicitado usted, puede ignorar este mensaje: su contraseña no cambia.',
  resetAction: 'Restablecer la contraseña',

  openedSubject: 'Su cuenta de Partner Panel está lista',
  openedReseller: 'El equipo de socios ha abierto una cuenta de revendedor para {account} en Partner Panel, con usted como propietario.',
  openedAdmin: 'El equipo de socios ha abierto una cuenta de revendedor administrador para {account} en Partner Panel, con usted como propietario.',
  openedSetPassword: 'Establezca su contraseña para iniciar sesión. El enlace es válido durante {hours}; después, use «¿Olvidó su contraseña?» en la página de inicio de sesión.',
  openedSignIn: 'Inicie sesión como de costumbre: la nueva cuenta aparece en el selector de cuentas del menú de usuario.',
  openedSetPasswordAction: 'Establecer la contraseña',
  openedSignInAction: 'Iniciar sesión',

  passwordChangedSubject: 'Se ha cambiado su contraseña',
  passwordChangedBody: 'Se acaba de cambiar la contraseña de su cuenta de Partner Panel y se han cerrado todas las sesiones.',
  passwordChangedNotYou: 'Si no ha sido usted, restablezca su contraseña de inmediato y póngase en contacto con el soporte.',

  newDeviceSubject: 'Nuevo inicio de sesión en su cuenta de Partner Panel',
  newDeviceBody: 'Se acaba de iniciar sesión en su cuenta desde un dispositivo que no había usado antes: {device}, desde {ip}, el {when}.',
  newDeviceUnknownAddress: 'una dirección desconocida',
  newDeviceAdvice: 'Si ha sido usted, no tiene que hacer nada. Si no, cambie su contraseña de inmediato, active el inicio de sesión en dos pasos y cierre esa sesión desde su perfil.',

  invitationSubject: '{inviter} le ha invitado a {account} en Partner Panel',
  invitationBody: '{inviter} le ha invitado a unirse a {account} en Partner Panel con el rol {role}.',
  invitationHow: 'Abra el enlace para aceptar: indicará su nombre y una contraseña o, si ya inicia sesión en Partner Panel con esta dirección, aceptará con esa cuenta. El enlace es válido durante {days}.',
  invitationAction: 'Aceptar la invitación',

  couponSubject: 'Su cupón de VPN de {reseller}',
  couponBody: '{reseller} le ha enviado un cupón de suscripción VPN: {plan}.',
  couponCode: 'Su código de cupón: {code}',
  couponRedeemBefore: 'Canjéelo antes del {date} para activar su cuenta VPN.',
  couponAction: 'Canjear el cupón',

  vpnReadySubject: 'Su cuenta VPN está lista',
  vpnCreatedBody: '{reseller} ha creado una cuenta VPN para usted: {plan}.',
  vpnUsername: 'Usuario: {username}',
  vpnPassword: 'Contraseña: {password}',
  vpnKeepSafe: 'Guarde estos datos en un lugar seguro. Su proveedor puede cambiarle la contraseña en cualquier momento.',
  vpnRedeemedBody: 'Su cupón de {reseller} se ha canjeado: {plan}.',
  vpnPasswordChosen: 'Contraseña: la que eligió al canjear el cupón.',
  vpnRenewsAfter: 'Su suscripción es válida hasta el {date} y después se renueva automáticamente.',
  vpnRunsUntil: 'Su suscripción es válida hasta el {date}.',
  vpnKeepSafeRedeemed: 'Guarde estos datos en un lugar seguro. Si olvida la contraseña, el proveedor que le vendió el cupón puede cambiársela.',

  vpnEmailChangedSubject: 'Se ha cambiado el correo electrónico de su cuenta VPN',
  vpnPasswordChangedSubject: 'Se ha cambiado la contraseña de su VPN',
  vpnEmailChanged: 'Esta dirección es ahora el correo electrónico de su cuenta VPN ({username}).',
  vpnPasswordChanged: 'Se ha cambiado la contraseña de su cuenta VPN ({username}).',
  vpnChangedNotYou: 'Si no lo ha solicitado usted, póngase en contacto con el proveedor que se la vendió.',

  invoiceSubject: 'Factura n.º {id} por {amount}',
  invoiceBody: '{admin} le ha enviado la factura n.º {id} por {amount}, con vencimiento el {date}.',
  invoicePaying: 'Al pagarla, el importe se añade a su saldo.',
  invoiceAction: 'Pagar la factura',

  adminEmailSubject: 'Se ha cambiado su correo electrónico de acceso',
  adminPasswordSubject: 'Se ha cambiado su contraseña',
  adminChangedEmail: '{admin}, que administra su cuenta, ha cambiado la dirección de correo electrónico con la que inicia sesión.',
  adminChangedPassword: '{admin}, que administra su cuenta, ha establecido una nueva contraseña para su cuenta y ha cerrado todas las sesiones.',
  adminChangedNotYou: 'Si no lo esperaba, póngase en contacto con ellos o con el soporte.',

  webhookSubject: 'Se ha desactivado un endpoint de webhook',
  webhookLiveBody: 'Su endpoint de webhook en producción {url} no ha aceptado ninguna entrega desde el {since}, tras todos los reintentos, por lo que lo hemos desactivado.',
  webhookSandboxBody: 'Su endpoint de webhook de pruebas {url} no ha aceptado ninguna entrega desde el {since}, tras todos los reintentos, por lo que lo hemos desactivado.',
  webhookKept: 'Sus eventos se conservan: cuando el endpoint vuelva a responder, actívelo y reenvíe las entregas perdidas desde su registro de entregas, o consúltelas en la API de eventos.',
  webhookAction: 'Abrir los endpoints de webhook',

  lowBalanceSubject: 'Aviso de saldo bajo',
  lowBalanceWallet: 'Su saldo ({left}) ha bajado del límite de {line} que estableció. Añada fondos para seguir generando cupones y renovando cuentas VPN.',
  lowBalanceCredit: 'Lo que queda de su línea de crédito ({left}) ha bajado del límite de {line} que estableció. Póngase en contacto con nosotros para liquidar su cuenta.',
  lowBalanceChange: 'Puede cambiar o desactivar este aviso en su perfil.',
  lowBalanceAction: 'Añadir fondos',

  whiteLabelAckSubject: 'Hemos recibido su consulta sobre marca blanca',
  whiteLabelAckBody: 'Gracias por su interés en vender {brand} como su propia marca de VPN (unos {users} usuarios).',
  whiteLabelAckReply: 'Le responderemos a esta dirección en un plazo de dos días laborables.',

  whiteLabelEnquirySubject: 'Consulta sobre marca blanca de {reseller}',
  whiteLabelEnquiryBody: '{reseller} ({email}, revendedor n.º {id}) pregunta por la oferta de marca blanca.',
  whiteLabelEnquiryBrand: 'Nombre de la marca: {brand}',
  whiteLabelEnquiryUsers: 'Usuarios previstos: {users}',
  whiteLabelEnquiryMessage: 'Mensaje: {message}',
  whiteLabelEnquiryAction: 'Inicie sesión para ver todas las consultas',

  whiteLabelReplySignature: '{name}, del equipo de marca blanca',
} as const satisfies MailCatalogue;
