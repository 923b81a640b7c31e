package rules_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
	"github.com/tramita/tramita/internal/rules"
)

type fakeHost struct {
	queries []rules.Query
	sent    []string
}

func (h *fakeHost) QueryItems(_ context.Context, q rules.Query) ([]map[string]any, error) {
	h.queries = append(h.queries, q)
	if q.Component == "nope" {
		return nil, &rules.HostError{Message: "unknown type nope"}
	}
	return []map[string]any{{"id": 7, "Title": "Other", "priority": "high"}}, nil
}

func (h *fakeHost) SendMessage(_ context.Context, userID int64, title, text string) error {
	h.sent = append(h.sent, title+"|"+text)
	return nil
}

func newRuntime(t *testing.T, l rules.Limits) (*rules.Runtime, *bytes.Buffer) {
	t.Helper()
	var buf bytes.Buffer
	return rules.New(slog.New(slog.NewTextHandler(&buf, nil)), l), &buf
}

func run(t *testing.T, rt *rules.Runtime, src string, in rules.Input) (*rules.Output, error) {
	t.Helper()
	if in.Host == nil {
		in.Host = &fakeHost{}
	}
	return rt.Run(context.Background(), rules.Rule{Name: "test rule", Source: src}, in)
}

func TestRuleReadsAndWritesTheItemAndSeesTheUser(t *testing.T) {
	rt, logs := newRuntime(t, rules.Limits{})
	host := &fakeHost{}
	out, err := run(t, rt, `
		console.log("title is", item.Title, {n: 1});
		item.progress = item.progress + 10;
		item.note = "by " + user.login + " for " + params.action;
		delete item.gone;
		var others = items.query({component: "task", where: {priority: "high"}, limit: 5});
		messages.send(42, "Hello", "from " + user.name);
		return {count: others.length, first: others[0].Title};`,
		rules.Input{Item: map[string]any{"Title": "T", "progress": 20, "gone": true, "same": "x", "money": json.Number("10.50")},
			User: rules.User{ID: 3, Name: "Ana", Login: "ana"}, Params: map[string]any{"action": "approve"}, Host: host})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(out.Changed, ","); got != "gone,note,progress" {
		t.Errorf("changed = %q", got)
	}
	if out.Item["progress"].(json.Number).String() != "30" || out.Item["note"] != "by ana for approve" {
		t.Errorf("item = %v", out.Item)
	}
	if string(out.Result) != `{"count":1,"first":"Other"}` {
		t.Errorf("result = %s", out.Result)
	}
	if len(host.queries) != 1 || host.queries[0].Component != "task" || host.queries[0].Limit != 5 || host.queries[0].Where["priority"] != "high" {
		t.Errorf("queries = %+v", host.queries)
	}
	if len(host.sent) != 1 || host.sent[0] != "Hello|from Ana" {
		t.Errorf("sent = %v", host.sent)
	}
	if !strings.Contains(logs.String(), `title is T {\"n\":1}`) || !strings.Contains(logs.String(), "line=2") {
		t.Errorf("console.log did not reach the log with its line: %s", logs)
	}
}

func TestUserAndParamsAreReadOnly(t *testing.T) {
	rt, _ := newRuntime(t, rules.Limits{})
	_, err := run(t, rt, `"use strict"; user.id = 1;`, rules.Input{User: rules.User{ID: 3}})
	var se *rules.ScriptError
	if !errors.As(err, &se) || se.Kind != rules.KindRuntime || se.Line != 1 {
		t.Fatalf("err = %v", err)
	}
}

func TestValidationMessageArrivesAsA4xxMessage(t *testing.T) {
	rt, _ := newRuntime(t, rules.Limits{})
	for name, src := range map[string]string{
		"fail":                   `if (item.amount > 100) fail("O valor passa do limite de 100.");`,
		"throw ValidationError":  `if (item.amount > 100) throw new ValidationError("O valor passa do limite de 100.");`,
		"fail inside try/catch":  `try { fail("O valor passa do limite de 100."); } catch (e) { }`,
		"fail in a nested call":  `function check() { fail("O valor passa do limite de 100."); } check(); item.x = 1;`,
		"ValidationError called": `throw ValidationError("O valor passa do limite de 100.");`,
	} {
		t.Run(name, func(t *testing.T) {
			_, err := run(t, rt, src, rules.Input{Item: map[string]any{"amount": 150}})
			var f *rules.Failure
			if !errors.As(err, &f) || f.Message != "O valor passa do limite de 100." {
				t.Fatalf("err = %v", err)
			}
			status, msg := answer(t, rules.HTTPError(err), "pt-BR")
			if status != http.StatusUnprocessableEntity || msg != "O valor passa do limite de 100." {
				t.Errorf("answer = %d %q", status, msg)
			}
		})
	}
}

// answer writes err as a handler would and returns the status and the
// user-facing part of the Message.
func answer(t *testing.T, err error, lang string) (int, string) {
	t.Helper()
	req := httptest.NewRequest(http.MethodPost, "/", nil)
	req = req.WithContext(i18n.With(req.Context(), i18n.Parse(lang)))
	rec := httptest.NewRecorder()
	httpx.WriteError(rec, req, err)
	var body httpx.ErrorBody
	if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
		t.Fatal(err)
	}
	msg, _, _ := strings.Cut(body.Message, httpx.DetailMarker)
	return rec.Code, msg
}

func TestEndlessLoopIsStoppedByTheTimeLimit(t *testing.T) {
	rt, logs := newRuntime(t, rules.Limits{Timeout: 200 * time.Millisecond})
	for name, src := range map[string]string{
		"while":          "var i = 0;\nwhile (true) { i++; }",
		"caught":         "for (;;) {\n  try { while (true) {} } catch (e) { }\n}",
		"backtracking":   "var s = 'a'.repeat(40) + '!';\n/^(a+)+\\1b$/.test(s);\nwhile (true) {}",
		"recursion loop": "function f() { try { f(); } catch (e) { f(); } }\nwhile (true) { f(); }",
	} {
		t.Run(name, func(t *testing.T) {
			start := time.Now()
			_, err := run(t, rt, src, rules.Input{})
			took := time.Since(start)
			var se *rules.ScriptError
			if !errors.As(err, &se) {
				t.Fatalf("err = %v", err)
			}
			if took > 3*time.Second {
				t.Errorf("took %s", took)
			}
			if name == "while" {
				if se.Kind != rules.KindTimeout || se.Line != 2 {
					t.Errorf("err = %+v", se)
				}
				status, msg := answer(t, rules.HTTPError(err), "en")
				if status != http.StatusInternalServerError || !strings.Contains(msg, "test rule was stopped for exceeding its time limit (line 2)") {
					t.Errorf("answer = %d %q", status, msg)
				}
			}
		})
	}
	if !strings.Contains(logs.String(), "kind=timeout line=2") {
		t.Errorf("the log does not name the line: %s", logs)
	}
}

func TestTheCallersContextStopsTheRule(t *testing.T) {
	rt, _ := newRuntime(t, rules.Limits{Timeout: time.Minute})
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	_, err := rt.Run(ctx, rules.Rule{Name: "r", Source: "while (true) {}"}, rules.Input{})
	var se *rules.ScriptError
	if !errors.As(err, &se) || se.Kind != rules.KindTimeout {
		t.Fatalf("err = %v", err)
	}
}

func TestSyntaxAndRuntimeErrorsGiveTheLine(t *testing.T) {
	rt, logs := newRuntime(t, rules.Limits{})
	_, err := run(t, rt, "var a = 1;\nvar b = ;\n", rules.Input{})
	var se *rules.ScriptError
	if !errors.As(err, &se) || se.Kind != rules.KindSyntax || se.Line != 2 {
		t.Fatalf("err = %#v", err)
	}
	if err := rules.Check(rules.Rule{Name: "x", Source: "if (\n"}, rules.Limits{}); !errors.As(err, &se) || se.Line == 0 {
		t.Errorf("Check = %v", err)
	}
	status, msg := answer(t, rules.HTTPError(err), "pt-BR")
	if status != 500 || !strings.Contains(msg, "erro de sintaxe na linha") {
		t.Errorf("answer = %d %q", status, msg)
	}

	_, err = run(t, rt, "var a = 1;\n\nundefinedFunction(a);", rules.Input{})
	if !errors.As(err, &se) || se.Kind != rules.KindRuntime || se.Line != 3 || !strings.Contains(se.Reason, "ReferenceError") {
		t.Fatalf("err = %#v", err)
	}
	_, err = run(t, rt, "throw new Error('boom');", rules.Input{})
	if !errors.As(err, &se) || se.Line != 1 || se.Reason != "Error: boom" {
		t.Fatalf("err = %#v", err)
	}
	if !strings.Contains(logs.String(), "line=3") {
		t.Errorf("log: %s", logs)
	}
}

func TestNothingIsReachableButWhatIsGiven(t *testing.T) {
	rt, _ := newRuntime(t, rules.Limits{})
	out, err := run(t, rt, `
		var names = ["require", "process", "module", "exports", "fetch", "XMLHttpRequest", "setTimeout",
			"setInterval", "Deno", "Bun", "global", "os", "fs", "child_process", "Java", "Packages",
			"ArrayBuffer", "Uint8Array", "Float64Array", "DataView", "SharedArrayBuffer", "WeakRef"];
		var present = names.filter(function (n) { return typeof globalThis[n] !== "undefined"; });
		var g = Object.getOwnPropertyNames(globalThis).filter(function (n) { return /^[a-z]/.test(n); }).sort();
		var dyn;
		try { eval("import('fs')"); dyn = "import ran"; } catch (e) { dyn = "refused"; }
		return {present: present, globals: g, dyn: dyn, console: Object.keys(console), items: Object.keys(items)};`,
		rules.Input{})
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Present, Globals, Console, Items []string
		Dyn                              string
	}
	if err := json.Unmarshal(out.Result, &got); err != nil {
		t.Fatal(err)
	}
	if len(got.Present) != 0 {
		t.Errorf("reachable: %v", got.Present)
	}
	want := "console,decodeURI,decodeURIComponent,encodeURI,encodeURIComponent,escape,eval,fail,globalThis,isFinite,isNaN,items,messages,parseFloat,parseInt,undefined,unescape"
	if strings.Join(got.Globals, ",") != want {
		t.Errorf("globals = %v", got.Globals)
	}
	if strings.Join(got.Console, ",") != "log" || strings.Join(got.Items, ",") != "query" || got.Dyn != "refused" {
		t.Errorf("console %v items %v import %s", got.Console, got.Items, got.Dyn)
	}
}

func TestHostRefusalIsCatchableAndLimitsAreCounted(t *testing.T) {
	rt, _ := newRuntime(t, rules.Limits{MaxQueries: 3})
	out, err := run(t, rt, `try { items.query({component: "nope"}); } catch (e) { return e.message; }`, rules.Input{})
	if err != nil || string(out.Result) != `"items.query: unknown type nope"` {
		t.Fatalf("out = %v err = %v", out, err)
	}
	_, err = run(t, rt, "for (var i = 0; i < 10; i++) {\n  try { items.query({}); } catch (e) {}\n}", rules.Input{})
	var se *rules.ScriptError
	if !errors.As(err, &se) || se.Kind != rules.KindLimit || se.Line != 2 {
		t.Fatalf("err = %#v", err)
	}
}

func TestMemoryIsBounded(t *testing.T) {
	rt, _ := newRuntime(t, rules.Limits{MaxHeapGrowth: 64 << 20, Timeout: 5 * time.Second})
	for name, src := range map[string]string{
		"repeat":        `"x".repeat(1e10);`,
		"padStart":      `"x".padStart(1e10);`,
		"Array":         `new Array(1e9).fill(0);`,
		"Array called":  `Array(1e9);`,
		"fill":          `var a = []; a.length = 1e9; a.fill(1);`,
		"join":          `var a = []; a.length = 1e9; a.join("xx");`,
		"Array.from":    `Array.from({length: 1e9});`,
		"constructor":   `[].constructor(1e9);`,
		"doubling":      `var s = "x"; while (true) { s = s + s; }`,
		"growing array": `var a = []; while (true) { a.push({x: a.length, y: "abcdefgh" + a.length}); }`,
		"deep stack":    `function f(n) { return f(n + 1) + 1; } f(0);`,
	} {
		t.Run(name, func(t *testing.T) {
			_, err := run(t, rt, src, rules.Input{})
			var se *rules.ScriptError
			if !errors.As(err, &se) {
				t.Fatalf("err = %v", err)
			}
			if se.Kind == rules.KindTimeout {
				t.Errorf("stopped by time, not by its size: %v", se)
			}
		})
	}
}

func TestSourceAndOutputAreCapped(t *testing.T) {
	rt, _ := newRuntime(t, rules.Limits{MaxSource: 100, MaxOutput: 1000})
	_, err := run(t, rt, strings.Repeat(" ", 101), rules.Input{})
	var se *rules.ScriptError
	if !errors.As(err, &se) || se.Kind != rules.KindTooBig {
		t.Fatalf("err = %v", err)
	}
	_, err = run(t, rt, `item.big = "x".repeat(2000);`, rules.Input{})
	if !errors.As(err, &se) || se.Kind != rules.KindLimit {
		t.Fatalf("err = %v", err)
	}
}
