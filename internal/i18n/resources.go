package i18n

// Messages of people and named resources.
var resourcesPtBR = map[string]string{
	"resources.userTaken":            "Este usuário já é um recurso.",
	"resources.inUse":                "O recurso possui registros associados e não pode ser excluído. Desative-o.",
	"resources.tooManyExceptions":    "O calendário pode ter até {max} exceções.",
	"resources.exceptionDate":        "Informe uma data válida para a exceção.",
	"resources.exceptionTwice":       "A exceção de {date} aparece duas vezes.",
	"resources.exceptionOnHoliday":   "{date} já é feriado neste calendário; remova o feriado ou a exceção.",
	"resources.exceptionNameTooLong": "O motivo da exceção pode ter até {max} caracteres.",
	"resources.tooManyPeriods":       "Uma exceção pode ter até {max} períodos.",
	"resources.periodsOverlap":       "Os períodos deste dia se sobrepõem.",
	"resources.costRateNegative":     "O custo por hora não pode ser negativo.",
	"resources.costRateTooLarge":     "O custo por hora é grande demais.",
	"resources.costRateCents":        "Informe o custo por hora com até duas casas decimais.",
}

var resourcesEn = map[string]string{
	"resources.userTaken":            "This user already is a resource.",
	"resources.inUse":                "The resource has related records and cannot be deleted. Disable it instead.",
	"resources.tooManyExceptions":    "A calendar may have up to {max} exceptions.",
	"resources.exceptionDate":        "Enter a valid date for the exception.",
	"resources.exceptionTwice":       "The exception on {date} appears twice.",
	"resources.exceptionOnHoliday":   "{date} already is a holiday in this calendar; remove the holiday or the exception.",
	"resources.exceptionNameTooLong": "An exception's reason may have up to {max} characters.",
	"resources.tooManyPeriods":       "An exception may have up to {max} periods.",
	"resources.periodsOverlap":       "The periods of this day overlap.",
	"resources.costRateNegative":     "The cost per hour cannot be negative.",
	"resources.costRateTooLarge":     "The cost per hour is too large.",
	"resources.costRateCents":        "Enter the cost per hour with at most two decimals.",
}
