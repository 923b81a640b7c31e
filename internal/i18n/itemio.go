package i18n

// Messages of the Excel import and exports (internal/itemio).
var itemioPtBR = map[string]string{
	"import.interrupted":     "A importação foi interrompida porque o servidor parou durante a gravação; nenhuma linha foi gravada. Envie a planilha de novo.",
	"import.notXlsx":         "Envie uma planilha do Excel (.xlsx).",
	"import.tooBig":          "A planilha descompactada passa do limite de {max}; divida-a em arquivos menores.",
	"import.tooManyRows":     "A planilha tem mais de {max} linhas; divida-a em arquivos menores.",
	"import.empty":           "A planilha não tem linhas de dados abaixo do cabeçalho.",
	"import.noColumns":       "Nenhuma coluna do cabeçalho corresponde a um campo do formulário.",
	"import.duplicateColumn": "A coluna {header} aparece mais de uma vez.",
	"import.hasErrors":       "A planilha tem {count} erro(s); corrija-os e envie de novo. Nada foi gravado.",
	"import.notPreviewed":    "Esta importação não está pronta para gravar (estado {state}).",
	"import.idRequired":      "Informe a importação (importId) ou envie o arquivo.",
	"import.queued":          "Importação na fila: {rows} linha(s) serão gravadas de uma vez.",
	"import.previewed":       "Planilha conferida: {rows} linha(s), {errors} erro(s).",
	"import.failed":          "A importação falhou e nada foi gravado.",
	"import.done":            "Importação concluída: {rows} item(ns) criados.",
	"import.tooWide":         "A planilha tem um valor na célula {cell}, além das {max} colunas que a importação lê. Apague as colunas a mais e envie de novo.",
	"import.tooManyCells":    "A planilha passa de {max} células ({columns} colunas por linha de dados); divida-a em arquivos menores ou apague as colunas sem uso.",
	"import.stringsTooBig":   "Os textos da planilha passam de {max} descompactados; divida-a em arquivos menores.",
	"import.busy":            "Outras planilhas estão sendo lidas agora; tente de novo em alguns segundos.",
}

var itemioEn = map[string]string{
	"import.interrupted":     "The import was interrupted because the server stopped while writing it; no row was saved. Send the spreadsheet again.",
	"import.notXlsx":         "Send an Excel spreadsheet (.xlsx).",
	"import.tooBig":          "The uncompressed spreadsheet is over the limit of {max}; split it into smaller files.",
	"import.tooManyRows":     "The spreadsheet has more than {max} rows; split it into smaller files.",
	"import.empty":           "The spreadsheet has no data rows below the header.",
	"import.noColumns":       "No header column matches a field of the form.",
	"import.duplicateColumn": "The column {header} appears more than once.",
	"import.hasErrors":       "The spreadsheet has {count} error(s); fix them and send it again. Nothing was written.",
	"import.notPreviewed":    "This import is not ready to be written (state {state}).",
	"import.idRequired":      "Give the import (importId) or send the file.",
	"import.queued":          "Import queued: {rows} row(s) will be written at once.",
	"import.previewed":       "Spreadsheet checked: {rows} row(s), {errors} error(s).",
	"import.failed":          "The import failed and nothing was written.",
	"import.done":            "Import finished: {rows} item(s) created.",
	"import.tooWide":         "The spreadsheet has a value in cell {cell}, beyond the {max} columns an import reads. Delete the extra columns and send it again.",
	"import.tooManyCells":    "The spreadsheet is over {max} cells ({columns} columns per data row); split it into smaller files or delete the unused columns.",
	"import.stringsTooBig":   "The spreadsheet's texts are over {max} uncompressed; split it into smaller files.",
	"import.busy":            "Other spreadsheets are being read right now; try again in a few seconds.",
}
