package i18n

// Messages of kanban boards.
var kanbanPtBR = map[string]string{
	"kanban.paramNumber":   "O parâmetro {param} deve ser um número inteiro.",
	"kanban.paramLimit":    "O parâmetro limit deve estar entre 0 e {max} (0: {default}).",
	"kanban.paramSearch":   "O parâmetro search deve ter no máximo {max} caracteres.",
	"kanban.paramOffset":   "O parâmetro offset não pode ser negativo.",
	"kanban.paramStatus":   "O parâmetro statusID não é um status deste quadro.",
	"kanban.laneField":     "O campo {field} não divide este quadro em raias.",
	"kanban.laneValue":     "O valor não é uma raia de {field}.",
	"kanban.laneSet":       "{type} {id} agora na raia {lane}.",
	"kanban.noResponsible": "Sem responsável",
	"kanban.responsible":   "Responsável",
	"kanban.noValue":       "Sem valor",
	"kanban.assignedText":  "{user} o definiu como responsável por \"{title}\" no quadro {board}.",
}

var kanbanEn = map[string]string{
	"kanban.paramNumber":   "The {param} parameter must be a whole number.",
	"kanban.paramLimit":    "The limit parameter must be between 0 and {max} (0: {default}).",
	"kanban.paramSearch":   "The search parameter must be at most {max} characters long.",
	"kanban.paramOffset":   "The offset parameter cannot be negative.",
	"kanban.paramStatus":   "The statusID parameter is not a status of this board.",
	"kanban.laneField":     "The field {field} does not split this board into lanes.",
	"kanban.laneValue":     "The value is not a lane of {field}.",
	"kanban.laneSet":       "{type} {id} now in lane {lane}.",
	"kanban.noResponsible": "No responsible",
	"kanban.responsible":   "Responsible",
	"kanban.noValue":       "No value",
	"kanban.assignedText":  "{user} made you the responsible for \"{title}\" on the board {board}.",
}
