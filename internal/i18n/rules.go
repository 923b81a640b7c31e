package i18n

// Messages of the sandboxed business rules.
var rulesPtBR = map[string]string{
	"rules.refused": "{message}",
	"rules.broken":  "A regra de negócio {rule} falhou na linha {line}. Avise o administrador da aplicação.",
	"rules.syntax":  "A regra de negócio {rule} tem um erro de sintaxe na linha {line}. Avise o administrador da aplicação.",
	"rules.timeout": "A regra de negócio {rule} foi interrompida por exceder o tempo limite (linha {line}). Avise o administrador da aplicação.",
	"rules.limit":   "A regra de negócio {rule} foi interrompida por exceder um limite: {reason}. Avise o administrador da aplicação.",
}

var rulesEn = map[string]string{
	"rules.refused": "{message}",
	"rules.broken":  "The business rule {rule} failed at line {line}. Tell the application's administrator.",
	"rules.syntax":  "The business rule {rule} has a syntax error at line {line}. Tell the application's administrator.",
	"rules.timeout": "The business rule {rule} was stopped for exceeding its time limit (line {line}). Tell the application's administrator.",
	"rules.limit":   "The business rule {rule} was stopped for exceeding a limit: {reason}. Tell the application's administrator.",
}
