package i18n

// Messages of the file storage.
var storagePtBR = map[string]string{
	"storage.noSpace": "Não há espaço no armazenamento de arquivos. Nada foi gravado; avise o administrador.",
}

var storageEn = map[string]string{
	"storage.noSpace": "The file storage is full. Nothing was saved; tell the administrator.",
}
