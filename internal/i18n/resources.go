package i18n

// Messages of people and named resources.
var resourcesPtBR = map[string]string{
	"resources.userTaken": "Este usuário já é um recurso.",
	"resources.inUse":     "O recurso possui registros associados e não pode ser excluído. Desative-o.",
}

var resourcesEn = map[string]string{
	"resources.userTaken": "This user already is a resource.",
	"resources.inUse":     "The resource has related records and cannot be deleted. Disable it instead.",
}
