package reports_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/xuri/excelize/v2"

	"github.com/tramita/tramita/internal/apppkg"
	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
	"github.com/tramita/tramita/internal/items/table"
	"github.com/tramita/tramita/internal/reports"
	"github.com/tramita/tramita/internal/testkit"
)

func TestMain(m *testing.M) { testkit.Main(m) }

const reportPackage = `
key: works
application: {name: {pt-BR: Obras, en: Works}}
groups: [Equipe]
menu:
  - {key: hours, name: {pt-BR: Horas por projeto}, report: byProject}
picklists:
  - key: kind
    items:
      - {value: civil, text: {pt-BR: Civil, en: Civil works}}
      - {value: eletrica, text: {pt-BR: Elétrica, en: Electrical}}
components:
  - key: task
    name: {pt-BR: Tarefa, en: Task}
    projectScoped: true
    permissions:
      - {group: Equipe, rights: [read, create, update]}
    attributes:
      - {key: hours, name: {pt-BR: Horas, en: Hours}, type: DURATION}
      - {key: cost, name: {pt-BR: Custo, en: Cost}, type: CURRENCY}
      - {key: kind, name: {pt-BR: Tipo, en: Kind}, type: PICKLIST, picklist: kind}
      - {key: due, name: {pt-BR: Prazo, en: Due}, type: DATE_TIME}
    statuses:
      - {key: todo, name: {pt-BR: A fazer, en: To do}, initial: true}
      - {key: doing, name: {pt-BR: Em andamento, en: Doing}}
      - {key: done, name: {pt-BR: Concluída, en: Done}, final: true}
reports:
  - key: byProject
    name: {pt-BR: Horas por projeto, en: Hours by project}
    component: task
    parameters: [period, project, status, responsible]
    date: due
    groupBy: [ProjectName, StatusName]
    columns: [FormattedID, Title, ResponsibleName, kind, hours, cost, due]
    aggregates:
      - {function: count}
      - {function: sum, field: hours}
      - {function: avg, field: cost}
      - {function: min, field: hours}
      - {function: max, field: cost}
    chart: {kind: stacked}
  - key: byKind
    name: {pt-BR: Por tipo}
    component: task
    groupBy: [kind]
    columns: [Title]
`

type world struct {
	db                *pgxpool.Pool
	svc               *reports.Service
	ana, admin        reports.Caller
	app, task         int64
	byProject, byKind int64
	obra, outra       int64
	todo, doing, done int64
	hoursCol, costCol string
}

// newWorld holds seven tasks: five in Obra (Ana's project), two in Outra.
func newWorld(t *testing.T) *world {
	t.Helper()
	ctx := context.Background()
	db := testkit.NewDB(t)
	exec := func(sql string, args ...any) {
		t.Helper()
		if _, err := db.Exec(ctx, sql, args...); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	}
	id := func(sql string, args ...any) int64 {
		t.Helper()
		var v int64
		if err := db.QueryRow(ctx, sql, args...).Scan(&v); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
		return v
	}
	exec(`INSERT INTO app_user (login, name, email) VALUES ('ana', 'Ana Lima', 'ana@example.com'),
		('rita', 'Rita Souza', 'rita@example.com'), ('boss', 'Boss', '')`)
	exec(`UPDATE app_user SET panel_admin = true WHERE login = 'boss'`)
	exec(`INSERT INTO user_group (name) VALUES ('Equipe')`)
	exec(`INSERT INTO group_member (group_id, user_id) SELECT g.id, u.id FROM user_group g, app_user u
		WHERE g.name = 'Equipe' AND u.login IN ('ana', 'rita')`)
	p, err := apppkg.Parse("works.yaml", []byte(reportPackage))
	if err != nil {
		t.Fatal(err)
	}
	rep, err := apppkg.Import(ctx, db, "works.yaml", p)
	if err != nil {
		t.Fatal(err)
	}
	w := &world{db: db, app: rep.ApplicationID}
	w.ana = reports.Caller{UserID: id(`SELECT id FROM app_user WHERE login = 'ana'`)}
	rita := id(`SELECT id FROM app_user WHERE login = 'rita'`)
	w.admin = reports.Caller{UserID: id(`SELECT id FROM app_user WHERE login = 'boss'`), PanelAdmin: true}
	w.task = id(`SELECT id FROM component WHERE key = 'task'`)
	w.byProject = id(`SELECT id FROM report WHERE key = 'byProject'`)
	w.byKind = id(`SELECT id FROM report WHERE key = 'byKind'`)
	w.todo = id(`SELECT id FROM item_status WHERE component_id = $1 AND key = 'todo'`, w.task)
	w.doing = id(`SELECT id FROM item_status WHERE component_id = $1 AND key = 'doing'`, w.task)
	w.done = id(`SELECT id FROM item_status WHERE component_id = $1 AND key = 'done'`, w.task)
	w.obra = id(`INSERT INTO project (name) VALUES ('Obra') RETURNING id`)
	w.outra = id(`INSERT INTO project (name) VALUES ('Outra') RETURNING id`)
	exec(`INSERT INTO project_member (project_id, user_id, role) VALUES ($1, $2, 'member')`, w.obra, w.ana.UserID)
	type task struct {
		title       string
		project     int64
		status      int64
		responsible int64
		values      map[string]any
	}
	tasks := []task{
		{"Fundação", w.obra, w.done, w.ana.UserID, map[string]any{"hours": 40, "cost": 1500.5, "kind": "civil", "due": "2026-01-10T00:00:00Z"}},
		{"Alvenaria", w.obra, w.done, rita, map[string]any{"hours": 24, "cost": 800, "kind": "civil", "due": "2026-02-10T00:00:00Z"}},
		{"Fiação", w.obra, w.doing, w.ana.UserID, map[string]any{"hours": 16.5, "cost": 650.25, "kind": "eletrica", "due": "2026-03-10T00:00:00Z"}},
		{"Quadro", w.obra, w.todo, rita, map[string]any{"hours": 6, "kind": "eletrica", "due": "2026-04-10T00:00:00Z"}},
		{"Pintura", w.obra, w.todo, w.ana.UserID, map[string]any{"due": "2026-05-10T00:00:00Z"}},
		{"Telhado", w.outra, w.doing, rita, map[string]any{"hours": 30, "cost": 2200, "kind": "civil", "due": "2026-03-15T00:00:00Z"}},
		{"Portão", w.outra, w.todo, rita, map[string]any{"hours": 8, "cost": 900.75, "due": "2027-01-15T00:00:00Z"}},
	}
	var rows []table.Row
	for i, tk := range tasks {
		item := id(`INSERT INTO item (component_id, number, title, project_id, status_id, responsible_id) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
			w.task, i+1, tk.title, tk.project, tk.status, tk.responsible)
		rows = append(rows, table.Row{ID: item, Values: tk.values})
	}
	if err := table.Copy(ctx, db, w.task); err != nil {
		t.Fatal(err)
	}
	if err := table.WriteValues(ctx, db, w.task, rows...); err != nil {
		t.Fatal(err)
	}
	w.hoursCol = table.Column(id(`SELECT id FROM attribute WHERE component_id = $1 AND key = 'hours'`, w.task))
	w.costCol = table.Column(id(`SELECT id FROM attribute WHERE component_id = $1 AND key = 'cost'`, w.task))
	w.svc = reports.NewService(reports.NewStore(db))
	return w
}

// figures are a group's aggregates as text, for comparing with SQL's.
func figures(vals []pgtype.Numeric) string {
	out := make([]string, len(vals))
	for i, v := range vals {
		if !v.Valid {
			out[i] = "null"
			continue
		}
		f, _ := v.Float64Value()
		out[i] = fmt.Sprintf("%.2f", f.Float64)
	}
	return strings.Join(out, " ")
}

// expected computes, by hand-written SQL over the type's table, the figures
// of each group of the given columns (none: the totals), as "label=figures".
func (w *world) expected(t *testing.T, projects []int64, groupCols ...string) map[string]string {
	t.Helper()
	sel, group := "'total'", ""
	if len(groupCols) > 0 {
		sel = "concat_ws('/', " + strings.Join(groupCols, ", ") + ")"
		group = " GROUP BY " + strings.Join(groupCols, ", ")
	}
	rows, err := w.db.Query(context.Background(), `SELECT `+sel+`, count(*)::numeric, sum(i.`+w.hoursCol+`), round(avg(i.`+w.costCol+`), 2),
			min(i.`+w.hoursCol+`), max(i.`+w.costCol+`)
		FROM item_t`+fmt.Sprint(w.task)+` i JOIN project p ON p.id = i.project_id JOIN item_status s ON s.id = i.status_id
		WHERE i.project_id = ANY($1)`+group, projects)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	out := map[string]string{}
	for rows.Next() {
		var label string
		vals := make([]pgtype.Numeric, 5)
		if err := rows.Scan(&label, &vals[0], &vals[1], &vals[2], &vals[3], &vals[4]); err != nil {
			t.Fatal(err)
		}
		out[label] = figures(vals)
	}
	return out
}

// got lists a result's groups at depth 1 or 2 and its totals like expected.
func got(res reports.Result, depth int) map[string]string {
	out := map[string]string{}
	for _, p := range res.Groups {
		if depth == 1 {
			out[p.Label] = figures(p.Values)
			continue
		}
		for _, s := range p.Groups {
			out[p.Label+"/"+s.Label] = figures(s.Values)
		}
	}
	if depth == 0 {
		out = map[string]string{"total": figures(res.Totals)}
	}
	return out
}

func diff(t *testing.T, what string, got, want map[string]string) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("%s: got %v, want %v", what, got, want)
		return
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s %q: got %q, want %q", what, k, got[k], v)
		}
	}
}

func TestGroupsSubtotalsAndTotalsMatchHandWrittenSQL(t *testing.T) {
	w := newWorld(t)
	res, err := w.svc.Run(context.Background(), w.admin, reports.Query{ReportID: w.byProject})
	if err != nil {
		t.Fatal(err)
	}
	all := []int64{w.obra, w.outra}
	diff(t, "project/status", got(res, 2), w.expected(t, all, "p.name", "s.name ->> 'pt-BR'"))
	diff(t, "project", got(res, 1), w.expected(t, all, "p.name"))
	diff(t, "totals", got(res, 0), w.expected(t, all))
	if res.RowCount != 7 || len(res.Rows) != 7 || res.Truncated {
		t.Errorf("rows: count %d, %d rows, truncated %v; want 7, 7, false", res.RowCount, len(res.Rows), res.Truncated)
	}
	if res.Groups[0].Label != "Obra" || res.Groups[0].Groups[0].Label != "A fazer" {
		t.Errorf("groups are ordered by label: first %q/%q", res.Groups[0].Label, res.Groups[0].Groups[0].Label)
	}
	names := []string{}
	for _, a := range res.Aggregates {
		names = append(names, a.Name)
	}
	if strings.Join(names, ", ") != "Quantidade, Soma de Horas, Média de Custo, Mínimo de Horas, Máximo de Custo" {
		t.Errorf("aggregate names: %v", names)
	}
}

func TestAMemberSeesOnlyTheirProjectsRowsAndTotals(t *testing.T) {
	w := newWorld(t)
	res, err := w.svc.Run(context.Background(), w.ana, reports.Query{ReportID: w.byProject})
	if err != nil {
		t.Fatal(err)
	}
	diff(t, "project", got(res, 1), w.expected(t, []int64{w.obra}, "p.name"))
	diff(t, "totals", got(res, 0), w.expected(t, []int64{w.obra}))
	for _, r := range res.Rows {
		if title := r.Values[1]; title == "Telhado" || title == "Portão" {
			t.Errorf("Ana sees %v of a project she is not in", title)
		}
	}
	if len(res.Rows) != 5 || len(res.Choices.Projects) != 1 {
		t.Errorf("Ana: %d rows, %d projects offered; want 5 and 1", len(res.Rows), len(res.Choices.Projects))
	}
}

func TestParametersNarrowTheRows(t *testing.T) {
	w := newWorld(t)
	day := func(s string) *time.Time {
		d, _ := time.Parse(time.DateOnly, s)
		return &d
	}
	tests := []struct {
		name  string
		q     reports.Query
		count int64
	}{
		{"project", reports.Query{Project: w.outra}, 2},
		{"status", reports.Query{Status: w.todo}, 3},
		{"responsible", reports.Query{Responsible: w.ana.UserID}, 3},
		{"period on the due date, both ends included", reports.Query{From: day("2026-02-10"), To: day("2026-03-15")}, 3},
		{"everything together", reports.Query{Project: w.obra, Status: w.doing, From: day("2026-01-01"), To: day("2026-12-31")}, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tc.q.ReportID = w.byProject
			res, err := w.svc.Run(context.Background(), w.admin, tc.q)
			if err != nil {
				t.Fatal(err)
			}
			if res.RowCount != tc.count || int64(len(res.Rows)) != tc.count {
				t.Errorf("count %d with %d rows, want %d", res.RowCount, len(res.Rows), tc.count)
			}
		})
	}
	// A report without the parameter ignores it: the viewer passes its whole URL.
	res, err := w.svc.Run(context.Background(), w.admin, reports.Query{ReportID: w.byKind, Project: w.outra})
	if err != nil || res.RowCount != 7 {
		t.Errorf("byKind with a project: %d rows, %v; want 7", res.RowCount, err)
	}
	labels := []string{}
	for _, g := range res.Groups {
		labels = append(labels, g.Label)
	}
	if strings.Join(labels, ", ") != "Civil, Elétrica, (vazio)" {
		t.Errorf("picklist groups: %v", labels)
	}
}

// message is an error's text as a caller of language l reads it.
func message(l i18n.Lang, err error) (int, string) {
	var e *httpx.Error
	if !errors.As(err, &e) {
		return 0, err.Error()
	}
	return e.Status, i18n.T(l, e.Key, e.Args...)
}

func TestBadParametersAreRefusedWithAMessage(t *testing.T) {
	w := newWorld(t)
	tests := []struct {
		name   string
		query  string
		status int
		ptBR   string
		en     string
	}{
		{"no report", "project=1", 400, "Informe o relatório (reportID).", "Give the report (reportID)."},
		{"a project that is not a number", "reportID=1&project=abc", 400,
			"O parâmetro project deve ser um número inteiro positivo.", "The project parameter must be a positive whole number."},
		{"a date that is not one", "reportID=1&from=2026-13-01", 400,
			"O parâmetro from deve ser uma data (AAAA-MM-DD).", "The from parameter must be a date (YYYY-MM-DD)."},
		{"a period of a hundred years", "reportID=1&from=1950-01-01&to=2050-01-01", 400,
			"O período do relatório pode ter no máximo 20 anos.", "A report's period can be at most 20 years long."},
		{"a period that ends before it starts", "reportID=1&from=2026-05-01&to=2026-04-01", 400,
			"O fim do período deve ser igual ou posterior ao início.", "The end of the period must be on or after its start."},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			q, _ := url.ParseQuery(tc.query)
			_, err := reports.ParseQuery(q)
			if err == nil {
				t.Fatal("accepted")
			}
			status, pt := message(i18n.PtBR, err)
			_, en := message(i18n.En, err)
			if status != tc.status || pt != tc.ptBR || en != tc.en {
				t.Errorf("got %d %q / %q", status, pt, en)
			}
		})
	}
	ctx := context.Background()
	other := reports.Query{ReportID: w.byProject, AppID: w.app + 1000}
	_, err := w.svc.Run(ctx, w.admin, other)
	if status, msg := message(i18n.PtBR, err); status != 404 || msg != "O relatório não pertence a esta aplicação." {
		t.Errorf("a report of another application: %d %q", status, msg)
	}
	_, err = w.svc.Run(ctx, w.admin, reports.Query{ReportID: w.byProject + 1000})
	if status, msg := message(i18n.En, err); status != 404 || msg != "The report does not exist or you may not open it." {
		t.Errorf("an unknown report: %d %q", status, msg)
	}
	outsider := reports.Caller{UserID: w.admin.UserID + 1000}
	if _, err := w.svc.Run(ctx, outsider, reports.Query{ReportID: w.byProject}); err == nil {
		t.Error("a user who may not use the application opens its report")
	}
}

func TestTheWorkbookHoldsTheRowsAndTheGroups(t *testing.T) {
	w := newWorld(t)
	res, err := w.svc.Export(context.Background(), w.admin, reports.Query{ReportID: w.byProject})
	if err != nil {
		t.Fatal(err)
	}
	data, err := reports.Workbook(res)
	if err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(f.GetSheetList(), ","); got != "Linhas,Grupos" {
		t.Fatalf("sheets %s", got)
	}
	rows, err := f.GetRows("Linhas")
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 8 || strings.Join(rows[0], "|") != "Projeto|Situação|ID|Título|Responsável|Tipo|Horas|Custo|Prazo" {
		t.Fatalf("rows sheet: %d lines, header %v", len(rows), rows[0])
	}
	if rows[1][0] != "Obra" || rows[1][1] != "A fazer" {
		t.Errorf("first row's groups %v", rows[1][:2])
	}
	groups, err := f.GetRows("Grupos", excelize.Options{RawCellValue: true})
	if err != nil {
		t.Fatal(err)
	}
	// Obra, its 3 statuses, Outra, its 2, and the totals.
	last := groups[len(groups)-1]
	if len(groups) != 1+1+3+1+2+1 || last[0] != "Total" || last[2] != "7" || last[3] != "124.5" {
		t.Errorf("groups sheet: %d lines, last %v", len(groups), last)
	}
}

func TestAReportThatDoesNotFitItsTypeIsRefusedAtImport(t *testing.T) {
	tests := []struct {
		name, from, to, want string
	}{
		{"unknown column", "columns: [FormattedID, Title, ResponsibleName, kind, hours, cost, due]",
			"columns: [FormattedID, Title, budget]", `report "byProject": unknown column "budget"`},
		{"bad aggregate", "{function: max, field: cost}", "{function: median, field: cost}",
			`report "byProject": unknown aggregate "median"`},
		{"sum of a text", "{function: sum, field: hours}", "{function: sum, field: kind}",
			`report "byProject": sum of "kind": not a numeric attribute`},
		{"four levels", "groupBy: [ProjectName, StatusName]", "groupBy: [ProjectName, StatusName, ResponsibleName, kind]",
			`report "byProject": groups by 4 fields; at most 3`},
		{"unknown chart", "chart: {kind: stacked}", "chart: {kind: radar}", `report "byProject": unknown chart "radar"`},
		{"unknown menu report", "report: byProject}", "report: nope}", `menu entry "hours": report "nope" is not defined`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := strings.Replace(reportPackage, tc.from, tc.to, 1)
			if src == reportPackage {
				t.Fatal("the case changes nothing")
			}
			_, err := apppkg.Parse("works.yaml", []byte(src))
			var inv *apppkg.Invalid
			if !errors.As(err, &inv) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v, want %q", err, tc.want)
			}
			if inv.Problems[0].Line == 0 {
				t.Errorf("no line: %v", inv.Problems[0])
			}
		})
	}
}
