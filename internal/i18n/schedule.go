package i18n

// Messages of predecessors (internal/schedule).
var schedulePtBR = map[string]string{
	"items.predecessors.field":        "Predecessoras",
	"items.predecessors.hidden":       "item sem acesso",
	"items.predecessors.required":     "Escolha o item predecessor.",
	"items.predecessors.self":         "Um item não pode ser predecessor de si mesmo.",
	"items.predecessors.duplicate":    "{item} já é predecessor deste item.",
	"items.predecessors.cycle":        "{item} já depende deste item, direta ou indiretamente: a dependência criaria um ciclo.",
	"items.predecessors.wrongType":    "{item} não é do tipo aceito como predecessor aqui.",
	"items.predecessors.otherProject": "{item} é de outro projeto; predecessores devem ser do mesmo projeto do item.",
	"items.predecessors.tooMany":      "Um item pode ter no máximo {max} predecessores.",
	"items.predecessors.badType":      "Tipo de dependência inválido: use TI, II, TT ou IT.",
	"items.predecessors.badLag":       "A defasagem deve ficar entre -{max} e {max} dias.",
	"items.predecessors.gone":         "Este item não é mais predecessor; a lista foi atualizada por outra pessoa.",
	"items.predecessors.blocksDelete": "Não é possível excluir {item}: {dependent} o tem como predecessor. Exclua os dois juntos ou remova a dependência antes.",
	"items.predecessors.short.FS":     "TI",
	"items.predecessors.short.SS":     "II",
	"items.predecessors.short.FF":     "TT",
	"items.predecessors.short.SF":     "IT",
	"forms.op.predecessors":           "Predecessoras alteradas",
}

var scheduleEn = map[string]string{
	"items.predecessors.field":        "Predecessors",
	"items.predecessors.hidden":       "item you cannot see",
	"items.predecessors.required":     "Choose the predecessor item.",
	"items.predecessors.self":         "An item cannot be its own predecessor.",
	"items.predecessors.duplicate":    "{item} is already a predecessor of this item.",
	"items.predecessors.cycle":        "{item} already depends on this item, directly or indirectly: the dependency would create a cycle.",
	"items.predecessors.wrongType":    "{item} is not of the type accepted as a predecessor here.",
	"items.predecessors.otherProject": "{item} belongs to another project; predecessors must be in the item's project.",
	"items.predecessors.tooMany":      "An item may have at most {max} predecessors.",
	"items.predecessors.badType":      "Invalid dependency type: use FS, SS, FF or SF.",
	"items.predecessors.badLag":       "The lag must be between -{max} and {max} days.",
	"items.predecessors.gone":         "This item is no longer a predecessor; someone else changed the list.",
	"items.predecessors.blocksDelete": "{item} cannot be deleted: {dependent} has it as a predecessor. Delete both together or remove the dependency first.",
	"items.predecessors.short.FS":     "FS",
	"items.predecessors.short.SS":     "SS",
	"items.predecessors.short.FF":     "FF",
	"items.predecessors.short.SF":     "SF",
	"forms.op.predecessors":           "Predecessors changed",
}
