package i18n

// Messages of the portal: messages, push, profile.
var portalPtBR = map[string]string{
	"portal.textTooLong":         "O texto deve ter no máximo {max} caracteres.",
	"portal.pushEndpointInvalid": "O endereço de notificação deve ser uma URL https de um serviço de notificações, não um endereço local.",
	"portal.pushHostRefused":     "O endereço de notificação {host} não é de um serviço de notificações aceito por este servidor (https, porta 443).",
	"portal.pushKeyInvalid":      "A chave de notificação do navegador é inválida.",
	"portal.profileUpdated":      "O Perfil foi atualizado com sucesso!",
	"portal.invalidEmail":        "Invalid email",
	"portal.avatarInvalid":       "O avatar deve ser uma imagem PNG, JPEG ou WebP.",
	"portal.avatarTooLarge":      "O avatar deve ter no máximo {limit}.",
	"portal.tooManyStreams":      "Há abas demais abertas ({max}) recebendo mensagens; feche alguma e tente de novo.",
}

var portalEn = map[string]string{
	"portal.textTooLong":         "The text must have at most {max} characters.",
	"portal.pushEndpointInvalid": "The notification address must be the https URL of a push service, not a local address.",
	"portal.pushHostRefused":     "The notification address {host} is not on a push service this server accepts (https, port 443).",
	"portal.pushKeyInvalid":      "The browser's notification key is invalid.",
	"portal.profileUpdated":      "The profile was updated successfully!",
	"portal.invalidEmail":        "Invalid email",
	"portal.avatarInvalid":       "The avatar must be a PNG, JPEG or WebP image.",
	"portal.avatarTooLarge":      "The avatar must be at most {limit}.",
	"portal.tooManyStreams":      "Too many tabs ({max}) are receiving messages; close one and try again.",
}
