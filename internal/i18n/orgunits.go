package i18n

// Messages of the organizational structure.
var orgunitsPtBR = map[string]string{
	"orgunits.unknownParent":    "A unidade superior não existe.",
	"orgunits.cycle":            "Uma unidade não pode ficar abaixo dela mesma nem de uma de suas subunidades.",
	"orgunits.nameTaken":        "Já existe uma unidade com este nome neste nível.",
	"orgunits.tooManyMembers":   "Uma unidade pode ter até {max} membros por vez.",
	"orgunits.hasChildrenOne":   "A unidade tem {count} subunidade; exclua-a ou mova-a antes.",
	"orgunits.hasChildrenOther": "A unidade tem {count} subunidades; exclua-as ou mova-as antes.",
	"orgunits.inUseOne":         "A unidade é usada por {count} item e não pode ser excluída. Desative-a.",
	"orgunits.inUseOther":       "A unidade é usada por {count} itens e não pode ser excluída. Desative-a.",
}

var orgunitsEn = map[string]string{
	"orgunits.unknownParent":    "The parent unit does not exist.",
	"orgunits.cycle":            "A unit cannot be placed under itself or under one of its sub-units.",
	"orgunits.nameTaken":        "A unit with this name already exists at this level.",
	"orgunits.tooManyMembers":   "A unit may be given up to {max} members at once.",
	"orgunits.hasChildrenOne":   "The unit has {count} sub-unit; delete or move it first.",
	"orgunits.hasChildrenOther": "The unit has {count} sub-units; delete or move them first.",
	"orgunits.inUseOne":         "The unit is used by {count} item and cannot be deleted. Deactivate it instead.",
	"orgunits.inUseOther":       "The unit is used by {count} items and cannot be deleted. Deactivate it instead.",
}
