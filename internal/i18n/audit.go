package i18n

// Messages of the audit trail and its hash chain.
var auditPtBR = map[string]string{
	"audit.chain.altered":   "O conteúdo ou o hash do registro foi alterado.",
	"audit.chain.missing":   "Faltam registros antes deste (esperado o nº {expected}).",
	"audit.chain.unchained": "O registro não está encadeado (gravado com o gatilho da cadeia desligado).",
	"audit.chain.truncated": "Registros posteriores a este foram removidos (a cadeia ia até o nº {seq}).",
}

var auditEn = map[string]string{
	"audit.chain.altered":   "Its content or hash was changed.",
	"audit.chain.missing":   "Entries before it are missing (expected number {expected}).",
	"audit.chain.unchained": "The entry is not chained (written with the chain trigger off).",
	"audit.chain.truncated": "Entries after it were removed (the chain went up to number {seq}).",
}
