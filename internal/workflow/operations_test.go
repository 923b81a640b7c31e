package workflow_test

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/go-chi/chi/v5"
	"github.com/xuri/excelize/v2"

	"github.com/tramita/tramita/internal/apppkg"
	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
	"github.com/tramita/tramita/internal/workflow"
)

// The request package with a picklist and operations of each result kind.
const operationsPackage = requestPackage + `
picklists:
  - key: size
    items:
      - {value: s, text: {pt-BR: Pequeno, en: Small}}
      - {value: l, text: {pt-BR: Grande, en: Large}}
operations:
  - key: hello
    name: {pt-BR: Olá, en: Hello}
    parameters:
      - {key: name, name: {pt-BR: Nome, en: Name}, type: STRING, required: true}
      - {key: times, name: {pt-BR: Vezes, en: Times}, type: INTEGER}
      - {key: size, name: {pt-BR: Tamanho, en: Size}, type: PICKLIST, picklist: size}
    rule: |
      if (params.name === "ninguém") fail("Diga um nome de verdade.");
      if (params.name === "bug") {
        var x = 1;
        x.nothing.here = 2;
      }
      return (params.lang === "en" ? "Hello " : "Olá ") + params.name + " x" + (params.times || 1) + " " + (params.size || "-");
  - key: listing
    name: {pt-BR: Lista}
    component: request
    result: table
    groups: [Aprovadores]
    rule: |
      var rows = items.query({component: "request", limit: 10}).map(function (r) { return {id: r.FormattedID, title: r.Title}; });
      return {columns: [{key: "id", name: "Nº"}, "title"], rows: rows};
  - key: export
    name: {pt-BR: Exportar}
    result: file
    parameters:
      - {key: since, name: {pt-BR: Desde}, type: DATE_TIME}
    rule: |
      return {file: {name: "../pedidos \"x\".csv", type: "text/csv", content: "a;b\r\n" + params.since}};
  - key: book
    name: {pt-BR: "Planilha: pedidos"}
    result: file
    rule: |
      return {file: {name: "pedidos.xlsx", sheet: {columns: ["title", {key: "amount", name: "Valor"}, "ok"],
        rows: [{title: "=1+1", amount: 12.5, ok: true}, {title: "Cadeira"}]}}};
  - key: report
    name: {pt-BR: "Relatório"}
    result: file
    parameters:
      - {key: separator, name: {pt-BR: Separador}, type: STRING}
    rule: |
      return {file: {name: "pedidos.csv", csv: {separator: params.separator, columns: ["title", {key: "amount", name: "Valor"}, "ok"],
        rows: [{title: '=HYPERLINK("http://x","y")', amount: -3, ok: true}, {title: "Ação; \"nova\"\nlinha", amount: 12.5},
               {title: "@SUM(A1)", ok: false}, {title: {a: "=1"}}]}}};
  - key: note
    name: {pt-BR: Anotar, en: Annotate}
    component: request
    bulk: true
    parameters:
      - {key: text, name: {pt-BR: Texto}, type: STRING, required: true}
    rule: |
      if (item.amount > 1000) fail("O pedido " + item.FormattedID + " é grande demais.");
      item.note = params.text;
      return "ok";
`

func (w *world) withOperations(t *testing.T) map[string]int64 {
	t.Helper()
	ctx := context.Background()
	p, err := apppkg.Parse("wf.yaml", []byte(operationsPackage))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := apppkg.Import(ctx, w.db, "wf.yaml", p); err != nil {
		t.Fatal(err)
	}
	out := map[string]int64{}
	rows, err := w.db.Query(ctx, `SELECT key, id FROM operation`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var k string
		var id int64
		if err := rows.Scan(&k, &id); err != nil {
			t.Fatal(err)
		}
		out[k] = id
	}
	return out
}

func run(key string, params map[string]any) workflow.RunInput {
	return workflow.RunInput{OperationRef: workflow.OperationRef{OperationID: workflow.Ref{Key: key}}, Params: params}
}

func TestOperationRunsWithCheckedParameters(t *testing.T) {
	w := newWorld(t)
	ops := w.withOperations(t)
	ctx := i18n.With(context.Background(), i18n.Parse("pt-BR"))
	app := httpx.ID(0)
	if err := w.db.QueryRow(ctx, `SELECT application_id FROM operation WHERE id = $1`, ops["hello"]).Scan(&app); err != nil {
		t.Fatal(err)
	}
	v, err := w.svc.GetOperation(i18n.With(ctx, i18n.Parse("en")), w.caio, workflow.OperationRef{OperationID: workflow.Ref{ID: ops["hello"]}})
	if err != nil || v.Name != "Hello" || len(v.Parameters) != 3 || !v.Parameters[0].Required || len(v.Parameters[2].Options) != 2 ||
		v.Parameters[2].Options[1].Text != "Large" || v.Result != "message" {
		t.Fatalf("definition: %+v %v", v, err)
	}
	list, err := w.svc.GetOperations(ctx, w.caio, workflow.OperationsInput{ComponentID: httpx.ID(w.request)})
	if err != nil || len(list) != 1 || list[0].Key != "note" {
		t.Fatalf("bulk operations of the type: %+v %v", list, err)
	}
	in := run("hello", map[string]any{"name": "Ana", "times": json.Number("3"), "size": "l"})
	in.AppID = app
	res, err := w.svc.RunOperation(ctx, w.caio, in)
	if err != nil || res.Message != "Olá Ana x3 l" {
		t.Fatalf("run: %+v %v", res, err)
	}
	for _, c := range []struct {
		params map[string]any
		status int
		want   string
	}{
		{map[string]any{}, 400, "Preencha o campo Nome."},
		// Blank text is missing, as in a form button's window (one check for both).
		{map[string]any{"name": "   "}, 400, "Preencha o campo Nome."},
		{map[string]any{"name": "Ana", "times": "três"}, 400, "O valor do campo Vezes é inválido."},
		{map[string]any{"name": "Ana", "size": "xl"}, 400, "O valor do campo Tamanho é inválido."},
		{map[string]any{"name": "Ana", "color": "red"}, 400, "O campo color não é um parâmetro conhecido."},
		{map[string]any{"name": "ninguém"}, 422, "Diga um nome de verdade."},
		{map[string]any{"name": "bug"}, 500, "A regra de negócio operation.hello falhou na linha 4."},
	} {
		in := run("hello", c.params)
		in.AppID = app
		_, err := w.svc.RunOperation(ctx, w.caio, in)
		if code, msg := message(t, err, "pt-BR"); code != c.status || !strings.HasPrefix(msg, c.want) {
			t.Errorf("%v: %d %s", c.params, code, msg)
		}
	}
	// A missing operation, and a key without its application, are not found.
	for _, in := range []workflow.RunInput{run("ghost", nil), run("hello", nil)} {
		if in.OperationID.Key == "ghost" {
			in.AppID = app
		}
		if _, err := w.svc.RunOperation(ctx, w.caio, in); err == nil {
			t.Fatalf("%+v ran", in)
		} else if code, msg := message(t, err, "en"); code != 404 || msg != "The operation does not exist." {
			t.Fatalf("%+v: %d %s", in, code, msg)
		}
	}
	// A table: the items the caller may read.
	in = run("listing", nil)
	in.AppID = app
	if _, err := w.svc.RunOperation(ctx, w.caio, in); err == nil {
		t.Fatal("caio ran an operation of the Aprovadores")
	} else if code, _ := message(t, err, "pt-BR"); code != 404 {
		t.Fatalf("caio: %d", code)
	}
	if list, err := w.svc.GetOperations(ctx, w.caio, workflow.OperationsInput{AppID: app}); err != nil || len(list) != 5 {
		t.Fatalf("caio's operations: %+v %v", list, err)
	}
	// Ids beyond 32 bits name nothing: an empty list, not a database error.
	if list, err := w.svc.GetOperations(ctx, w.caio, workflow.OperationsInput{AppID: 1 << 40, ComponentID: 1 << 40}); err != nil || len(list) != 0 {
		t.Fatalf("operations of 40-bit ids: %+v %v", list, err)
	}
	res, err = w.svc.RunOperation(ctx, w.bia, in)
	if err != nil || len(res.Columns) != 2 || res.Columns[0].Name != "Nº" || res.Columns[1].Name != "title" || len(res.Rows) != 3 {
		t.Fatalf("table: %+v %v", res, err)
	}
}

func TestOperationFileIsDownloadedWithContentDisposition(t *testing.T) {
	w := newWorld(t)
	ops := w.withOperations(t)
	r := chi.NewRouter()
	workflow.NewHandler(w.svc, func(context.Context) (workflow.Caller, bool) { return w.caio, true }).Routes(r)
	srv := httptest.NewServer(r)
	defer srv.Close()
	post := func(path, body string) *http.Response {
		t.Helper()
		res, err := http.Post(srv.URL+path, "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	body := `{"operationId": ` + itoa(ops["export"]) + `, "params": {"since": "2025-03-04"}}`
	res := post("/genericItem/executeOperationCallResultFunction", body)
	raw, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "text/csv" ||
		res.Header.Get("Content-Disposition") != `attachment; filename=pedidos x.csv` && res.Header.Get("Content-Disposition") != `attachment; filename="pedidos x.csv"` ||
		string(raw) != "a;b\r\n2025-03-04T00:00:00Z" {
		t.Fatalf("file: %d %v %q", res.StatusCode, res.Header, raw)
	}
	res = post("/genericItem/executeOperationBusinessRule", body)
	var out struct {
		Result string `json:"result"`
		File   struct {
			Name    string `json:"name"`
			Content string `json:"content"`
		} `json:"file"`
	}
	if err := json.NewDecoder(res.Body).Decode(&out); err != nil || res.StatusCode != 200 || out.Result != "file" {
		t.Fatalf("inline file: %d %+v %v", res.StatusCode, out, err)
	}
	res.Body.Close()
	if b, _ := base64.StdEncoding.DecodeString(out.File.Content); string(b) != "a;b\r\n2025-03-04T00:00:00Z" || out.File.Name != "pedidos x.csv" {
		t.Fatalf("inline content %q (%s)", b, out.File.Name)
	}
	// A sheet becomes a workbook; a text that would run as a formula is quoted.
	res = post("/genericItem/executeOperationCallResultFunction", `{"operationId": `+itoa(ops["book"])+`}`)
	book, err := excelize.OpenReader(res.Body)
	res.Body.Close()
	if err != nil || res.Header.Get("Content-Disposition") != "attachment; filename=pedidos.xlsx" {
		t.Fatalf("workbook: %v %v", err, res.Header)
	}
	got, err := book.GetRows("Planilha pedidos")
	if err != nil || len(got) != 3 || strings.Join(got[0], ",") != "title,Valor,ok" || strings.Join(got[1], ",") != "'=1+1,12.5,TRUE" ||
		got[2][0] != "Cadeira" {
		t.Fatalf("rows %q: %v", got, err)
	}
	if res := post("/genericItem/executeOperationCallResultFunction", `{"operationId": "x"`); res.StatusCode != 400 {
		t.Fatalf("bad JSON: %d", res.StatusCode)
	}
}

// A csv file is written by the server: a byte-order mark, ";" unless the rule
// asks for ",", CRLF, quoted as CSV quotes, and no text a spreadsheet would
// run as a formula (an apostrophe before it).
func TestOperationCSVIsWrittenWithoutFormulas(t *testing.T) {
	w := newWorld(t)
	ops := w.withOperations(t)
	ctx := context.Background()
	in := func(sep string) workflow.RunInput {
		return workflow.RunInput{OperationRef: workflow.OperationRef{OperationID: workflow.Ref{ID: ops["report"]}},
			Params: map[string]any{"separator": sep}}
	}
	res, err := w.svc.RunOperation(ctx, w.caio, in(""))
	if err != nil || res.File == nil {
		t.Fatalf("csv: %+v %v", res, err)
	}
	want := "\uFEFFtitle;Valor;ok\r\n" +
		`"'=HYPERLINK(""http://x"",""y"")";-3;true` + "\r\n" +
		`"Ação; ""nova""` + "\r\nlinha\";12.5;\r\n" +
		"'@SUM(A1);;false\r\n" +
		`"{""a"":""=1""}";;` + "\r\n"
	if got := string(res.File.Content); got != want || res.File.Type != "text/csv; charset=utf-8" || res.File.Name != "pedidos.csv" {
		t.Fatalf("csv %s:\n%q\nwant\n%q", res.File.Type, got, want)
	}
	res, err = w.svc.RunOperation(ctx, w.caio, in(","))
	if err != nil || !strings.HasPrefix(string(res.File.Content), "\uFEFFtitle,Valor,ok\r\n\"'=HYPERLINK(") {
		t.Fatalf("comma: %q %v", res.File.Content, err)
	}
	if _, err := w.svc.RunOperation(ctx, w.caio, in("|")); err == nil {
		t.Fatal("a csv with a | separator was written")
	} else if code, _ := message(t, err, "pt-BR"); code != 500 {
		t.Fatalf("bad separator: %d", code)
	}
}

func TestBulkOperationWritesEveryItemOrNone(t *testing.T) {
	w := newWorld(t)
	ops := w.withOperations(t)
	ctx := context.Background()
	bulk := func(c workflow.Caller, text string, items ...int64) (*workflow.OperationResult, error) {
		return w.svc.RunBulk(ctx, c, workflow.BulkInput{RunInput: workflow.RunInput{OperationRef: workflow.OperationRef{
			OperationID: workflow.Ref{ID: ops["note"]}}, Params: map[string]any{"text": text}}, IDs: ids(items...)})
	}
	notes := func() string {
		var out []string
		for _, it := range []int64{w.open1, w.open2, w.bigOpen} {
			_, v, attrs := w.state(t, it)
			note, ok := attrs["note"].(string)
			if !ok {
				note = "-"
			}
			out = append(out, note+"/"+strconv.Itoa(v))
		}
		return strings.Join(out, ",")
	}
	// One item refused: nothing is written.
	if _, err := bulk(w.ana, "revisar", w.open1, w.open2, w.bigOpen); err == nil {
		t.Fatal("a refused item did not stop the batch")
	} else if code, msg := message(t, err, "pt-BR"); code != 422 || msg != "O pedido 3 é grande demais." {
		t.Fatalf("refusal: %d %s", code, msg)
	}
	if got := notes(); got != "-/1,-/1,-/1" {
		t.Fatalf("after a refusal: %s", got)
	}
	// Caio may read but not update requests.
	if _, err := bulk(w.caio, "x", w.open1); err == nil {
		t.Fatal("caio ran a bulk operation")
	} else if code, _ := message(t, err, "pt-BR"); code != 403 {
		t.Fatalf("caio: %d", code)
	}
	if _, err := bulk(w.ana, "x", w.open1, w.foreign); err == nil {
		t.Fatal("an unreadable item was changed")
	} else if code, _ := message(t, err, "pt-BR"); code != 404 {
		t.Fatalf("foreign: %d", code)
	}
	if _, err := bulk(w.ana, "", w.open1); err == nil {
		t.Fatal("a required parameter was skipped")
	}
	res, err := bulk(w.ana, "revisar", w.open1, w.open2)
	if err != nil || len(res.Items) != 2 || res.Items[0].Version != 2 || res.Items[0].Changed[0] != "note" || res.Message != "ok" {
		t.Fatalf("bulk: %+v %v", res, err)
	}
	if got := notes(); got != "revisar/2,revisar/2,-/1" {
		t.Fatalf("after the bulk: %s", got)
	}
	var versions int
	if err := w.db.QueryRow(ctx, `SELECT count(*) FROM item_version WHERE item_id = ANY($1) AND operation = 'bulk'`,
		[]int64{w.open1, w.open2}).Scan(&versions); err != nil || versions != 2 {
		t.Fatalf("versions %d: %v", versions, err)
	}
	// A bulk operation is not run by executeOperationBusinessRule.
	if _, err := w.svc.RunOperation(ctx, w.ana, workflow.RunInput{OperationRef: workflow.OperationRef{OperationID: workflow.Ref{ID: ops["note"]}}}); err == nil {
		t.Fatal("a bulk operation ran without items")
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
