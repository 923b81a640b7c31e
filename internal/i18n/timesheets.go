package i18n

// Messages of time entries (internal/timesheets).
var timesheetsPtBR = map[string]string{
	"timesheets.noHours":            "Seu tipo de apontamento não registra horas; peça ao administrador para alterá-lo no seu cadastro.",
	"timesheets.cannotRecord":       "Você não tem permissão de editar este item, por isso não pode apontar horas nele.",
	"timesheets.notYours":           "Só quem apontou as horas (ou um administrador) pode alterá-las ou excluí-las.",
	"timesheets.dateInvalid":        "Informe uma data válida.",
	"timesheets.futureDate":         "Não é possível apontar horas em {date}, uma data futura.",
	"timesheets.timeInvalid":        "Informe a hora no formato HH:MM.",
	"timesheets.endBeforeStart":     "A hora final deve ser depois da inicial.",
	"timesheets.minutesPositive":    "Informe as horas trabalhadas (mais que zero).",
	"timesheets.minutesTooMany":     "Um apontamento tem no máximo 24:00 horas.",
	"timesheets.descriptionTooLong": "A descrição tem no máximo {max} caracteres.",
	"timesheets.descriptionInvalid": "A descrição não pode conter caracteres nulos.",
	"timesheets.dayFull":            "Em {date} você já tem {used} horas apontadas; o limite é de {max} horas por dia.",
	"timesheets.overlap":            "Em {date} já há um apontamento das {span} que se sobrepõe a este.",
	"timesheets.op.add":             "Horas apontadas",
	"timesheets.op.edit":            "Apontamento alterado",
	"timesheets.op.delete":          "Apontamento excluído",
	"timesheets.summary":            "{user}: {hours} em {date}",
}

var timesheetsEn = map[string]string{
	"timesheets.noHours":            "Your timesheet type does not record hours; ask an administrator to change it in your user record.",
	"timesheets.cannotRecord":       "You may not edit this item, so you cannot record hours on it.",
	"timesheets.notYours":           "Only whoever recorded the hours (or an administrator) may change or delete them.",
	"timesheets.dateInvalid":        "Give a valid date.",
	"timesheets.futureDate":         "Hours cannot be recorded on {date}, a future date.",
	"timesheets.timeInvalid":        "Give the time as HH:MM.",
	"timesheets.endBeforeStart":     "The end time must be after the start time.",
	"timesheets.minutesPositive":    "Give the hours worked (more than zero).",
	"timesheets.minutesTooMany":     "One entry holds at most 24:00 hours.",
	"timesheets.descriptionTooLong": "The description holds at most {max} characters.",
	"timesheets.descriptionInvalid": "The description cannot hold NUL characters.",
	"timesheets.dayFull":            "On {date} you already have {used} hours recorded; the limit is {max} hours a day.",
	"timesheets.overlap":            "On {date} an entry from {span} already overlaps this one.",
	"timesheets.op.add":             "Hours recorded",
	"timesheets.op.edit":            "Time entry changed",
	"timesheets.op.delete":          "Time entry deleted",
	"timesheets.summary":            "{user}: {hours} on {date}",
}
