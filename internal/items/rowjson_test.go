package items_test

import (
	"bytes"
	"encoding/json"
	"io"
	"math"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/items"
)

// plainPage has Page's fields without its MarshalJSON: what encoding/json
// writes by reflection, the answer Page.MarshalJSON must give byte for byte.
type plainPage items.Page

func samePage(t *testing.T, p items.Page) {
	t.Helper()
	want, werr := json.Marshal(plainPage(p))
	got, gerr := json.Marshal(p)
	if (werr != nil) != (gerr != nil) {
		t.Fatalf("errors differ: encoding/json %v, Page %v", werr, gerr)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("json.Marshal of a Page\n got %s\nwant %s", got, want)
	}
	// Its own bytes too: encoding/json compacts (and HTML-escapes) what a
	// MarshalJSON gives, which would hide a difference above.
	if werr == nil {
		raw, err := p.MarshalJSON()
		if err != nil || !bytes.Equal(raw, want) {
			t.Fatalf("Page.MarshalJSON (%v)\n got %s\nwant %s", err, raw, want)
		}
	}
	// The handler's answer: what an Encoder writes (a newline after the
	// document), or nothing for a page encoding/json refuses.
	var a bytes.Buffer
	_ = json.NewEncoder(&a).Encode(plainPage(p))
	rec := httptest.NewRecorder()
	httpx.WriteJSON(rec, http.StatusOK, p)
	if a.String() != rec.Body.String() || rec.Code != http.StatusOK {
		t.Fatalf("httpx.WriteJSON answers %d\n%s\nwant\n%s", rec.Code, rec.Body.String(), a.String())
	}
}

func TestPageJSONIsEncodingJSONs(t *testing.T) {
	n := int64(42)
	at := time.Date(2025, 6, 1, 12, 30, 45, 123456789, time.UTC)
	row := map[string]any{
		"id": int64(7), "FormattedID": int64(12), "Title": `<b>Tom & "Jerry"</b> \ back`, "Parent": (*int64)(nil),
		"ProjectID": &n, "CreationDate": at, "LastModify": at.In(time.FixedZone("x", -3*3600)), "HasAttachment": true,
		"Reason": "linha\nnova\ttab\r\b\f\x00\x1f fim", "sep": "a\u2028b\u2029c", "bad": "ok\xff\xfeend", "uni": "ação 日本 🎉",
		"zero": 0.0, "negzero": math.Copysign(0, -1), "tiny": 1e-7, "big": 1e21, "justBelow": 999999999999999999999.0,
		"frac": 123.456, "neg": -5e-324, "max": math.MaxFloat64, "int": 3, "num": json.Number("12.50"),
		"list": []any{"x", 1.5, nil, true, map[string]any{"z": 1.0, "a": "b"}}, "nested": map[string]any{"k": []any{}},
		"strings": []string{"a", "<"}, "empty": map[string]any{}, "nilmap": map[string]any(nil), "nillist": []any(nil),
		"": "empty key", "é": "accented key", "<key>": "html key",
	}
	samePage(t, items.Page{Rows: []map[string]any{row, {"id": int64(8)}}, Total: 40, TotalKind: items.TotalExact, Page: 1, RowsPerPage: 25})
	samePage(t, items.Page{Rows: []map[string]any{}, TotalIsEstimate: true, TotalKind: items.TotalEstimate, NextCursor: "abc<"})
	samePage(t, items.Page{})
	// encoding/json refuses NaN and infinities; so does the page.
	samePage(t, items.Page{Rows: []map[string]any{{"nan": math.NaN()}}})
	samePage(t, items.Page{Rows: []map[string]any{{"inf": math.Inf(-1)}}})
}

// Rows of one page mostly share their keys (AppendJSON reuses their order);
// rows with as many keys but others, fewer or more, and a nil row, are
// written as encoding/json writes them.
func TestPageJSONOfRowsWithOtherKeys(t *testing.T) {
	samePage(t, items.Page{Rows: []map[string]any{
		{"b": int64(1), "a": "x", "c": nil},
		{"c": true, "a": "y", "b": int64(2)},
		{"a": "z", "b": int64(3), "d": 1.5}, // as many keys, one other
		{"a": "w"},
		nil,
		{"z": "1", "y": []any{"2", int64(3)}, "x": map[string]any{"q": 1.0, "p": "<"}},
		{"z": "1", "y": nil, "x": "3"},
		{},
		{"b": int64(4), "a": "v", "c": "&"},
	}})
}

func TestPageJSONStringsAndNumbersAtRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	alphabet := []string{"a", "Z", " ", "\"", "\\", "<", ">", "&", "\n", "\x01", "\x7f", "é", "\u2028", "\u2029", "\xff", "\xc3", "🎉", "/"}
	for range 2000 {
		var s []byte
		for range rng.IntN(12) {
			s = append(s, alphabet[rng.IntN(len(alphabet))]...)
		}
		f := math.Float64frombits(rng.Uint64())
		if math.IsNaN(f) || math.IsInf(f, 0) {
			f = rng.NormFloat64() * math.Pow(10, float64(rng.IntN(60)-30))
		}
		samePage(t, items.Page{Rows: []map[string]any{{string(s): string(s), "f": f, "i": rng.Int64() - rng.Int64()}}})
	}
}

type discardWriter struct{ h http.Header }

func (d discardWriter) Header() http.Header         { return d.h }
func (d discardWriter) Write(b []byte) (int, error) { return len(b), nil }
func (d discardWriter) WriteHeader(int)             {}

// BenchmarkPageJSON compares the page's encoder with encoding/json's on 25
// rows shaped like the demo's tasks.
func BenchmarkPageJSON(b *testing.B) {
	n := int64(3)
	at := time.Date(2025, 6, 1, 12, 30, 45, 0, time.UTC)
	var rows []map[string]any
	for i := range 25 {
		rows = append(rows, map[string]any{
			"id": int64(i), "FormattedID": int64(i), "Title": "Revisar o contrato de suporte", "Parent": (*int64)(nil),
			"CreationDate": at, "ProjectID": &n, "ProjectName": "Transformação Digital", "ProjectManager": "Ana", "CreatorName": "Ana",
			"StatusID": &n, "StatusName": "Em andamento", "StatusColor": "#1976d2", "LastModify": at, "ModifierName": "Ana",
			"Version": int64(2), "ResponsibleID": &n, "ResponsibleName": "Bia", "Reason": "", "HasAttachment": false,
			"HasDigitalContent": false, "priority": "Alta", "priorityValue": "high", "progress": 50.0, "cost": 1234.5,
			"description": "Detalhar escopo, responsáveis e critérios de aceite.", "dueDate": "2025-07-01T00:00:00Z",
		})
	}
	p := items.Page{Rows: rows, Total: 40, TotalKind: items.TotalExact, RowsPerPage: 25}
	b.Run("encoding/json", func(b *testing.B) {
		for b.Loop() {
			_ = json.NewEncoder(io.Discard).Encode(plainPage(p))
		}
	})
	b.Run("httpx.WriteJSON", func(b *testing.B) {
		w := discardWriter{h: http.Header{}}
		for b.Loop() {
			httpx.WriteJSON(w, http.StatusOK, p)
		}
	})
}
