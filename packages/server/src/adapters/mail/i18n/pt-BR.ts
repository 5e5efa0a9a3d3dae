/** The e-mails in Brazilian Portuguese (você). */
import type { MailCatalogue } from './en.js';

export const ptBR = {
  openLink: 'Ou abra este link:',
  footer: 'Enviado pelo Partner Panel',
  hello: 'Olá, {name},',
  helloNobody: 'Olá,',

  plan_monthly: 'Plano mensal (1 mês)',
  plan_quarterly: 'Plano trimestral (3 meses)',
  plan_semiannually: 'Plano semestral (6 meses)',
  plan_annually: 'Plano anual (12 meses)',
  plan_biennially: 'Plano bienal (2 anos)',
  plan_triennially: 'Plano trienal (3 anos)',
  plan_lifetime: 'Plano vitalício (5 anos)',

  role_owner: 'Proprietário',
  role_administrator: 'Administrador',
  role_finance: 'Financeiro',
  role_operations: 'Operações',
  role_developer: 'Desenvolvedor',
  role_support: 'Suporte',
  role_viewer: 'Leitor',

  verifySubject: 'Confirme seu endereço de e-mail',
  verifyBody: 'Confirme seu endereço de e-mail para ativar sua conta do Partner Panel. O link é válido por {hours}.',
  verifyAction: 'Confirmar endereço de e-mail',

  resetSubject: 'Redefina sua senha',
  resetBody: 'Recebemos uma solicitação para redefinir a senha da sua conta do Partner Panel. O link é válido por {minutes}.',
  resetIgnore: 'Se não foi você quem pediu, pode ignorar este e-mail: sua senha continua a mesma.',
  resetAction: 'Redefinir senha',

  openedSubject: 'Sua conta do Partner Panel está pronta',
  openedReseller: 'A equipe de parceiros abriu uma conta de revendedor para {account} no Partner Panel, com você como proprietário.',
  openedAdmin: 'A equipe de parceiros abriu uma conta de revendedor administrador para {account} no Partner Panel, com você como proprietário.',
  openedSetPassword: 'Defina sua senha para entrar. O link é válido por {hours}; depois disso, use "Esqueci a senha" na página de login.',
  openedSignIn: 'Entre como você já faz: a nova conta está no seletor de contas do menu do usuário.',
  openedSetPasswordAction: 'Definir sua senha',
  openedSignInAction: 'Entrar',

  passwordChangedSubject: 'Sua senha foi alterada',
  passwordChangedBody: 'A senha da sua conta do Partner Panel acabou de ser alterada, e todas as sessões foram encerradas.',
  passwordChangedNotYou: 'Se não foi você, redefina sua senha imediatamente e entre em contato com o suporte.',

  newDeviceSubject: 'Novo login na sua conta do Partner Panel',
  newDeviceBody: 'Sua conta acabou de ser acessada em um dispositivo que nunca tinha sido usado antes: {device}, de {ip}, em {when}.',
  newDeviceUnknownAddress: 'um endereço desconhecido',
  newDeviceAdvice: 'Se foi você, não é preciso fazer nada. Caso contrário, altere sua senha imediatamente, ative o login em duas etapas e encerre essa sessão no seu perfil.',

  invitationSubject: '{inviter} convidou você para {account} no Partner Panel',
  invitationBody: '{inviter} convidou você para participar de {account} no Partner Panel com a função {role}.',
  invitationHow: 'Abra o link para aceitar: você informa seu nome e uma senha ou, se este endereço já entra no Partner Panel, aceita com esse login. O link é válido por {days}.',
  invitationAction: 'Aceitar o convite',

  couponSubject: 'Seu cupom de VPN de {reseller}',
  couponBody: '{reseller} enviou a você um cupom de assinatura de VPN: {plan}.',
  couponCode: 'Seu código de cupom: {code}',
  couponRedeemBefore: 'Resgate-o antes de {date} para ativar sua conta de VPN.',
  couponAction: 'Resgatar seu cupom',

  vpnReadySubject: 'Sua conta de VPN está pronta',
  vpnCreatedBody: '{reseller} criou uma conta de VPN para você: {plan}.',
  vpnUsername: 'Usuário: {username}',
  vpnPassword: 'Senha: {password}',
  vpnKeepSafe: 'Guarde estes dados em local seguro. Seu fornecedor pode alterar a senha para você a qualquer momento.',
  vpnRedeemedBody: 'Seu cupom de {reseller} foi resgatado: {plan}.',
  vpnPasswordChosen: 'Senha: a que você escolheu ao resgatar o cupom.',
  vpnRenewsAfter: 'Sua assinatura é válida até {date} e depois é renovada automaticamente.',
  vpnRunsUntil: 'Sua assinatura é válida até {date}.',
  vpnKeepSafeRedeemed: 'Guarde estes dados em local seguro. Se você esquecer a senha, o fornecedor de quem comprou o cupom pode alterá-la para você.',

  vpnEmailChangedSubject: 'O e-mail da sua conta de VPN foi alterado',
  vpnPasswordChangedSubject: 'Sua senha da VPN foi alterada',
  vpnEmailChanged: 'Este endereço agora é o e-mail da sua conta de VPN ({username}).',
  vpnPasswordChanged: 'A senha da sua conta de VPN foi alterada ({username}).',
  vpnChangedNotYou: 'Se não foi você quem pediu, entre em contato com o fornecedor de quem a comprou.',

  invoiceSubject: 'Fatura nº {id} de {amount}',
  invoiceBody: '{admin} enviou a você a fatura nº {id} de {amount}, com vencimento em {date}.',
  invoicePaying: 'Ao pagá-la, o valor é adicionado ao seu saldo.',
  invoiceAction: 'Pagar fatura',

  adminEmailSubject: 'Seu e-mail de login foi alterado',
  adminPasswordSubject: 'Sua senha foi alterada',
  adminChangedEmail: '{admin}, que administra sua conta, alterou o endereço de e-mail com que você entra.',
  adminChangedPassword: '{admin}, que administra sua conta, definiu uma nova senha para sua conta e encerrou todas as sessões.',
  adminChangedNotYou: 'Se você não esperava por isso, entre em contato com eles ou com o suporte.',

  webhookSubject: 'Um endpoint de webhook foi desativado',
  webhookLiveBody: 'Seu endpoint de webhook de produção {url} não aceita nenhuma entrega desde {since}, mesmo após todas as novas tentativas, por isso o desativamos.',
  webhookSandboxBody: 'Seu endpoint de webhook de sandbox {url} não aceita nenhuma entrega desde {since}, mesmo após todas as novas tentativas, por isso o desativamos.',
  webhookKept: 'Os eventos dele ficam guardados: quando o endpoint voltar a responder, ative-o e reenvie as entregas perdidas pelo registro de entregas, ou leia-as pela API de eventos.',
  webhookAction: 'Abrir os endpoints de webhook',

  lowBalanceSubject: 'Aviso de saldo baixo',
  lowBalanceWallet: 'Seu saldo ({left}) ficou abaixo do limite de {line} que você definiu. Adicione fundos para continuar gerando cupons e renovando contas de VPN.',
  lowBalanceCredit: 'O que resta da sua linha de crédito ({left}) ficou abaixo do limite de {line} que você definiu. Entre em contato conosco para quitar sua conta.',
  lowBalanceChange: 'Você pode alterar ou desativar este aviso no seu perfil.',
  lowBalanceAction: 'Adicionar fundos',

  whiteLabelAckSubject: 'Recebemos sua consulta sobre marca branca',
  whiteLabelAckBody: 'Obrigado pelo interesse em vender {brand} como sua própria marca de VPN (cerca de {users} usuários).',
  whiteLabelAckReply: 'Responderemos para este endereço em até dois dias úteis.',

  whiteLabelEnquirySubject: 'Consulta sobre marca branca de {reseller}',
  whiteLabelEnquiryBody: '{reseller} ({email}, revendedor nº {id}) pergunta sobre a oferta de marca branca.',
  whiteLabelEnquiryBrand: 'Nome da marca: {brand}',
  whiteLabelEnquiryUsers: 'Usuários previstos: {users}',
  whiteLabelEnquiryMessage: 'Mensagem: {message}',
  whiteLabelEnquiryAction: 'Entre para ver todas as consultas',

  whiteLabelReplySignature: '{name}, da equipe de marca branca',
} as const satisfies MailCatalogue;
