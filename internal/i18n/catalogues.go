package i18n

// catalogue is one module's texts, in a file of this package named for the
// module: the keys it answers, all under its prefixes (the module's name).
type catalogue struct {
	prefixes []string
	ptBR, en map[string]string
}

// catalogues lists every module's texts. They stay in this package because
// the API's edge (httpx) translates an error's key when it writes the answer;
// one list, read in order at start, instead of registrations from init.
var catalogues = []catalogue{
	{[]string{"error."}, corePtBR, coreEn},
	{[]string{"auth."}, authPtBR, authEn},
	{[]string{"admin."}, adminPtBR, adminEn},
	{[]string{"audit."}, auditPtBR, auditEn},
	{[]string{"resources."}, resourcesPtBR, resourcesEn},
	{[]string{"portal."}, portalPtBR, portalEn},
	{[]string{"items."}, itemsPtBR, itemsEn},
	{[]string{"forms.", "links."}, formsPtBR, formsEn},
	{[]string{"files."}, documentsPtBR, documentsEn},
	{[]string{"import.", "export."}, itemioPtBR, itemioEn},
	{[]string{"items.predecessors.", "forms.op.predecessors", "forms.op.schedule", "schedule."}, schedulePtBR, scheduleEn},
	{[]string{"timesheets."}, timesheetsPtBR, timesheetsEn},
	{[]string{"timesheets.closing."}, closingPtBR, closingEn},
	{[]string{"workflow."}, workflowPtBR, workflowEn},
	{[]string{"rules."}, rulesPtBR, rulesEn},
	{[]string{"kanban."}, kanbanPtBR, kanbanEn},
	{[]string{"calendar.", "forms.op.calendar"}, calendarPtBR, calendarEn},
	{[]string{"projects."}, projectsPtBR, projectsEn},
	{[]string{"storage."}, storagePtBR, storageEn},
	{[]string{"orgunits."}, orgunitsPtBR, orgunitsEn},
	{[]string{"repositories."}, repositoriesPtBR, repositoriesEn},
	{[]string{"reports."}, reportsPtBR, reportsEn},
}

// The whole catalogue in each language, read-only once built.
var ptBR, en = merge(catalogues)

// merge joins the catalogues; a key defined twice is a programming error,
// caught at start (and by the tests).
func merge(cats []catalogue) (pt, english map[string]string) {
	pt, english = map[string]string{}, map[string]string{}
	for _, c := range cats {
		for k, v := range c.ptBR {
			if _, dup := pt[k]; dup {
				panic("i18n: duplicate key " + k)
			}
			pt[k] = v
		}
		for k, v := range c.en {
			if _, dup := english[k]; dup {
				panic("i18n: duplicate key " + k)
			}
			english[k] = v
		}
	}
	return pt, english
}
