package i18n

func init() { register(faultsPtBR, faultsEn) }

// Messages of faults the user must understand (docs/robustness.md,
// "Faults"): a full disk on upload, and an import the server stopped in
// the middle of.
var faultsPtBR = map[string]string{
	"storage.noSpace":    "Não há espaço no armazenamento de arquivos. Nada foi gravado; avise o administrador.",
	"import.interrupted": "A importação foi interrompida porque o servidor parou durante a gravação; nenhuma linha foi gravada. Envie a planilha de novo.",
}

var faultsEn = map[string]string{
	"storage.noSpace":    "The file storage is full. Nothing was saved; tell the administrator.",
	"import.interrupted": "The import was interrupted because the server stopped while writing it; no row was saved. Send the spreadsheet again.",
}
