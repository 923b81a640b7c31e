package i18n

// Messages of the portal: messages, push, profile.
var portalPtBR = map[string]string{
	"portal.textTooLong":              "O texto deve ter no máximo {max} caracteres.",
	"portal.pushEndpointInvalid":      "O endereço de notificação deve ser uma URL https de um serviço de notificações, não um endereço local.",
	"portal.pushHostRefused":          "O endereço de notificação {host} não é de um serviço de notificações aceito por este servidor (https, porta 443).",
	"portal.pushKeyInvalid":           "A chave de notificação do navegador é inválida.",
	"portal.profileUpdated":           "O Perfil foi atualizado com sucesso!",
	"portal.invalidEmail":             "Invalid email",
	"portal.avatarInvalid":            "O avatar deve ser uma imagem PNG, JPEG ou WebP.",
	"portal.avatarTooLarge":           "O avatar deve ter no máximo {limit}.",
	"portal.tooManyStreams":           "Há abas demais abertas ({max}) recebendo mensagens; feche alguma e tente de novo.",
	"portal.currentPasswordRequired":  "Informe a senha atual para mudar o e-mail.",
	"portal.currentPasswordWrong":     "A senha atual não confere.",
	"portal.mail.emailChangedSubject": "O e-mail da sua conta do {brand} foi alterado",
	"portal.mail.emailChangedBody": "Olá, {name}.\n\nO e-mail da sua conta do {brand} (login {login}) foi alterado de {old} para {new}. " +
		"Este endereço não receberá mais as mensagens da conta, como a redefinição de senha.\n\n" +
		"Se não foi você, troque a sua senha agora e avise o administrador.\n",
}

var portalEn = map[string]string{
	"portal.textTooLong":              "The text must have at most {max} characters.",
	"portal.pushEndpointInvalid":      "The notification address must be the https URL of a push service, not a local address.",
	"portal.pushHostRefused":          "The notification address {host} is not on a push service this server accepts (https, port 443).",
	"portal.pushKeyInvalid":           "The browser's notification key is invalid.",
	"portal.profileUpdated":           "The profile was updated successfully!",
	"portal.invalidEmail":             "Invalid email",
	"portal.avatarInvalid":            "The avatar must be a PNG, JPEG or WebP image.",
	"portal.avatarTooLarge":           "The avatar must be at most {limit}.",
	"portal.tooManyStreams":           "Too many tabs ({max}) are receiving messages; close one and try again.",
	"portal.currentPasswordRequired":  "Enter your current password to change the e-mail.",
	"portal.currentPasswordWrong":     "The current password is not correct.",
	"portal.mail.emailChangedSubject": "The e-mail of your {brand} account was changed",
	"portal.mail.emailChangedBody": "Hello, {name}.\n\nThe e-mail of your {brand} account (login {login}) was changed from {old} to {new}. " +
		"This address will no longer receive the account's mail, such as password resets.\n\n" +
		"If it was not you, change your password now and tell the administrator.\n",
}
