package i18n

// Messages every module shares: errors of the API's edge (httpx).
var corePtBR = map[string]string{
	"error.internal":         "Ocorreu um erro inesperado. Tente novamente; se persistir, informe o código ao suporte.",
	"error.notFound":         "O registro não foi encontrado.",
	"error.routeNotFound":    "A página não foi encontrada",
	"error.methodNotAllowed": "Método não permitido para este endereço.",
	"error.forbidden":        "Você não tem permissão para esta operação.",
	"error.unauthorized":     "Sua sessão expirou ou não é válida. Entre novamente.",
	"error.badJSON":          "O corpo da requisição não é um JSON válido.",
	"error.idInvalid":        "O identificador {field} é inválido.",
	"error.badJSONField":     "O campo {field} tem um tipo inválido.",
	"error.nulCharacter":     "O campo {field} contém um caractere inválido (NUL).",
	"error.bodyTooLarge":     "O corpo da requisição excede o limite de {limit}.",
	"error.unsupportedMedia": "Envie o corpo como application/json.",
	"error.invalid":          "Verifique os campos destacados.",
	"error.required":         "Obrigatório",
	"error.tooManyRequests":  "Muitas tentativas. Aguarde um minuto e tente novamente.",
	"error.maintenance":      "O sistema encontra-se em manutenção e voltará em instantes.",
	"error.unavailable":      "Serviço indisponível no momento. Tente novamente em instantes.",
	"error.webNotBuilt":      "A aplicação web não foi compilada. Execute make build.",
}

var coreEn = map[string]string{
	"error.internal":         "An unexpected error occurred. Try again; if it persists, give the code to support.",
	"error.notFound":         "The record was not found.",
	"error.routeNotFound":    "The page was not found",
	"error.methodNotAllowed": "Method not allowed for this address.",
	"error.forbidden":        "You do not have permission for this operation.",
	"error.unauthorized":     "Your session has expired or is not valid. Sign in again.",
	"error.badJSON":          "The request body is not valid JSON.",
	"error.idInvalid":        "The identifier {field} is invalid.",
	"error.badJSONField":     "The field {field} has an invalid type.",
	"error.nulCharacter":     "The field {field} holds an invalid character (NUL).",
	"error.bodyTooLarge":     "The request body exceeds the limit of {limit}.",
	"error.unsupportedMedia": "Send the body as application/json.",
	"error.invalid":          "Check the highlighted fields.",
	"error.required":         "required",
	"error.tooManyRequests":  "Too many attempts. Wait a minute and try again.",
	"error.maintenance":      "The system is under maintenance and will be back shortly.",
	"error.unavailable":      "Service unavailable at the moment. Try again shortly.",
	"error.webNotBuilt":      "The web app has not been built. Run make build.",
}
