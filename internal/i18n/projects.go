package i18n

// Messages of projects: members, groups and their roles.
var projectsPtBR = map[string]string{
	"projects.notManager":       "Só um gerente do projeto ou um administrador pode mudar as suas permissões.",
	"projects.roleUnknown":      "O papel \"{role}\" não existe: use manager, member ou read_only.",
	"projects.userNotActive":    "O usuário {id} não é um usuário ativo.",
	"projects.userTwice":        "O usuário {id} aparece mais de uma vez.",
	"projects.groupNotFound":    "O grupo {id} não existe.",
	"projects.groupTwice":       "O grupo {id} aparece mais de uma vez.",
	"projects.lastManager":      "O projeto precisa de ao menos um gerente.",
	"projects.projectMissing":   "Informe o projeto.",
	"projects.changedMeanwhile": "Um usuário ou grupo da lista acabou de ser excluído. Recarregue e tente de novo.",
}

var projectsEn = map[string]string{
	"projects.notManager":       "Only a manager of the project or an administrator may change its permissions.",
	"projects.roleUnknown":      "The role \"{role}\" does not exist: use manager, member or read_only.",
	"projects.userNotActive":    "The user {id} is not an active user.",
	"projects.userTwice":        "The user {id} appears more than once.",
	"projects.groupNotFound":    "The group {id} does not exist.",
	"projects.groupTwice":       "The group {id} appears more than once.",
	"projects.lastManager":      "The project needs at least one manager.",
	"projects.projectMissing":   "Name the project.",
	"projects.changedMeanwhile": "A user or group of the list was just deleted. Reload and try again.",
}
