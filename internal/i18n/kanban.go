package i18n

func init() { register(kanbanPtBR, kanbanEn) }

// Messages of the kanban board calls (docs/kanban.md): a query parameter of
// getBoard, getColumn or getBoards that is not what the call takes is named.
var kanbanPtBR = map[string]string{
	"kanban.paramNumber": "O parâmetro {param} deve ser um número inteiro.",
	"kanban.paramLimit":  "O parâmetro limit deve estar entre 0 e {max} (0: {default}).",
	"kanban.paramSearch": "O parâmetro search deve ter no máximo {max} caracteres.",
	"kanban.paramOffset": "O parâmetro offset não pode ser negativo.",
	"kanban.paramStatus": "O parâmetro statusID não é um status deste quadro.",
}

var kanbanEn = map[string]string{
	"kanban.paramNumber": "The {param} parameter must be a whole number.",
	"kanban.paramLimit":  "The limit parameter must be between 0 and {max} (0: {default}).",
	"kanban.paramSearch": "The search parameter must be at most {max} characters long.",
	"kanban.paramOffset": "The offset parameter cannot be negative.",
	"kanban.paramStatus": "The statusID parameter is not a status of this board.",
}
