package i18n

// Messages of the calendar view.
var calendarPtBR = map[string]string{
	"calendar.application":       "Informe a aplicação da agenda (applicationId).",
	"calendar.badDate":           "O campo {field} deve ser uma data (AAAA-MM-DD) ou data e hora RFC 3339.",
	"calendar.rangeOrder":        "O fim do período deve ser depois do início.",
	"calendar.rangeTooLong":      "O período da agenda pode ter no máximo {max} dias.",
	"calendar.finishBeforeStart": "O término não pode ser antes do início.",
	"calendar.notWritable":       "Você não tem permissão para alterar as datas deste item.",
	"calendar.moved":             "{type} {id}: datas alteradas.",
	"forms.op.calendar":          "Edição na agenda",
}

var calendarEn = map[string]string{
	"calendar.application":       "Give the calendar's application (applicationId).",
	"calendar.badDate":           "The {field} field must be a date (YYYY-MM-DD) or an RFC 3339 date and time.",
	"calendar.rangeOrder":        "The end of the range must be after its start.",
	"calendar.rangeTooLong":      "A calendar range can be at most {max} days long.",
	"calendar.finishBeforeStart": "The finish cannot be before the start.",
	"calendar.notWritable":       "You may not change the dates of this item.",
	"calendar.moved":             "{type} {id}: dates changed.",
	"forms.op.calendar":          "Calendar edit",
}
