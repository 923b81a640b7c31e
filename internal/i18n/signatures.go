package i18n

func init() { register(signaturesPtBR, signaturesEn) }

// Messages of file signatures and stamps (docs/items.md, "Signatures and
// stamps"). files.protocolNotConfigured and files.stampRefused are spec
// section 8's texts.
var signaturesPtBR = map[string]string{
	"files.protocolNotConfigured": "Não foi possível emitir o Protocolo de Assinatura pois o modelo de protocolo não foi configurado",
	"files.stampRefused":          "Não foi possível carimbar um documento já carimbado e que não seja PDF",
	"auth.passwordNotConfirmed":   "Senha incorreta: nada foi assinado.",
	"files.signed":                "Arquivo assinado: {name}.",
	"files.alreadySigned":         "Você já assinou esta versão do arquivo.",
	"files.locationInvalid":       "Localização inválida: latitude entre -90 e 90 e longitude entre -180 e 180, as duas ou nenhuma.",
	"files.integrity":             "O arquivo armazenado não confere com o registrado (SHA-256): nada foi feito.",
	"files.stampNeedsSignature":   "Assine o documento antes de carimbá-lo: o carimbo mostra as assinaturas desta versão.",
	"files.stampUnreadable":       "Não foi possível ler este PDF para carimbá-lo (protegido por senha ou danificado).",
	"files.stamped":               "Documento carimbado: versão {version}.",
	"files.stampSigner":           "Assinado digitalmente por {name} em {date} UTC",
	"files.stampMore":             "e mais {count} assinatura(s)",
	"files.stampCode":             "Código de verificação: {code} · SHA-256 da versão {version} assinada: {hash}",
	"files.protocolTitle":         "Protocolo de Assinatura",
	"files.noProtocol":            "Esta assinatura não tem Protocolo de Assinatura: o modelo de protocolo não estava configurado quando foi feita.",
	"files.unavailable":           "A assinatura de arquivos não está disponível neste servidor.",
	"files.stampTooManyPages":     "Este PDF tem {pages} páginas; só é possível carimbar PDFs de até {max} páginas.",
	"files.stampTooHeavy":         "O conteúdo das páginas deste PDF passa de {max} MB: não é possível carimbá-lo.",
	"files.stampBusy":             "O servidor não conseguiu carimbar este documento agora (outro carimbo em andamento ou documento pesado demais). Tente de novo em alguns minutos.",
}

var signaturesEn = map[string]string{
	"files.protocolNotConfigured": "The Signature Protocol could not be issued because the protocol template has not been configured",
	"files.stampRefused":          "A document that is already stamped or is not a PDF cannot be stamped",
	"auth.passwordNotConfirmed":   "Wrong password: nothing was signed.",
	"files.signed":                "File signed: {name}.",
	"files.alreadySigned":         "You have already signed this version of the file.",
	"files.locationInvalid":       "Invalid location: latitude between -90 and 90 and longitude between -180 and 180, both or neither.",
	"files.integrity":             "The stored file does not match its record (SHA-256): nothing was done.",
	"files.stampNeedsSignature":   "Sign the document before stamping it: the stamp shows this version's signatures.",
	"files.stampUnreadable":       "This PDF could not be read to stamp it (password-protected or damaged).",
	"files.stamped":               "Document stamped: version {version}.",
	"files.stampSigner":           "Digitally signed by {name} on {date} UTC",
	"files.stampMore":             "and {count} more signature(s)",
	"files.stampCode":             "Verification code: {code} · SHA-256 of signed version {version}: {hash}",
	"files.protocolTitle":         "Signature Protocol",
	"files.noProtocol":            "This signature has no Signature Protocol: the protocol template was not configured when it was made.",
	"files.unavailable":           "File signatures are not available on this server.",
	"files.stampTooManyPages":     "This PDF has {pages} pages; only PDFs of up to {max} pages can be stamped.",
	"files.stampTooHeavy":         "The pages of this PDF hold more than {max} MB of content: it cannot be stamped.",
	"files.stampBusy":             "The server could not stamp this document now (another stamp is running or the document is too heavy). Try again in a few minutes.",
}
