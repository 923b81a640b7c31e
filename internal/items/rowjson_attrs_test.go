package items

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// sameAsUnmarshal checks that attrDecoder reads raw as encoding/json's
// Unmarshal into a map[string]any does: the same pairs (types included),
// or an error when it errs.
func sameAsUnmarshal(t testing.TB, d *attrDecoder, raw []byte) {
	t.Helper()
	var want map[string]any
	werr := json.Unmarshal(raw, &want)
	gerr := d.decode(raw)
	if (werr != nil) != (gerr != nil) {
		t.Fatalf("%q: errors differ: encoding/json %v, attrDecoder %v", raw, werr, gerr)
	}
	if werr != nil {
		return
	}
	got := map[string]any{}
	for _, kv := range d.kv {
		got[kv.k] = kv.v
	}
	if want == nil {
		want = map[string]any{}
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("%q:\n got %#v\nwant %#v", raw, got, want)
	}
	// Nested empty values keep encoding/json's kinds (non-nil), which its
	// encoder writes as {} and [], not null.
	if a, b := mustMarshal(t, got), mustMarshal(t, want); a != b {
		t.Fatalf("%q: written again\n got %s\nwant %s", raw, a, b)
	}
}

func mustMarshal(t testing.TB, v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestAttrDecoderIsEncodingJSONs(t *testing.T) {
	var d attrDecoder
	for _, raw := range []string{
		// What PostgreSQL's jsonb output looks like.
		`{"cost": 1234.50, "owner": 3, "status": "open", "progress": 50, "done": false, "note": null}`,
		`{"a": [1, "x", null, true, {"z": 1.0, "y": []}], "b": {}, "c": [], "d": {"e": {"f": [[]]}}}`,
		`{"t": "<b>Tom & \"Jerry\"</b> \\ back", "n": "linha\nnova\ttab\r\b\f\u0001 fim", "u": "ação 日本 🎉"}`,
		`{"esc": "\u00e7\u00e3o \ud83c\udf89 \u2028\u2029 \/", "lone": "\ud800x", "k\u00e9y": 1}`,
		`{"big": 1e308, "tiny": 5e-324, "neg": -0, "exp": 1E+2, "e": 2e-7, "i": 12345678901234567890, "z": 0.0}`,
		`{"dup": 1, "dup": 2}`, `{}`, ` { } `, `null`, ` null `, `{"x":1}`,
		"{\"bad\": \"ok\xff\xfeend\", \"ok\xffkey\": 1}",
		// Not objects, or not JSON: encoding/json's errors.
		`[]`, `[1]`, `"s"`, `1`, `true`, ``, ` `, `{`, `}`, `{"a"}`, `{"a":}`, `{"a":1,}`, `{"a":1 "b":2}`, `{a:1}`,
		`{"a":01}`, `{"a":-}`, `{"a":1.}`, `{"a":.5}`, `{"a":1e}`, `{"a":+1}`, `{"a":1e999}`, `{"a":-1e999}`,
		`{"a":tru}`, `{"a":nul}`, `{"a":"x}`, "{\"a\":\"x\ny\"}", `{"a":"\x"}`, `{"a":"\u12"}`, `{"a":[1,]}`,
		`{"a":[1 2]}`, `{"a":{"b":1,}}`, `{"a":1} x`, `{"a":1}{}`, `{"a":NaN}`, `{"a":Infinity}`, `{"a":0x10}`,
		`{"a":"\`, `{"a":1`, `{"a":[`, `{"a":{`,
		strings.Repeat(`{"a":`, 100) + `1` + strings.Repeat(`}`, 100),
		`{"deep":` + strings.Repeat(`[`, 200) + strings.Repeat(`]`, 200) + `}`,
		`{"deep":` + strings.Repeat(`[`, 20000) + strings.Repeat(`]`, 20000) + `}`,
	} {
		sameAsUnmarshal(t, &d, []byte(raw))
	}
	if err := d.decode(nil); err != nil || len(d.kv) != 0 {
		t.Fatalf("NULL attributes: %v %v", d.kv, err)
	}
}

// TestAttrDecoderAtRandom writes random documents with encoding/json's and
// PostgreSQL's spacing and checks each against encoding/json, with a
// decoder kept across documents as a page keeps it.
func TestAttrDecoderAtRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 23))
	var d attrDecoder
	for range 3000 {
		doc := randomAttrValue(r, 0, true)
		raw, err := json.Marshal(doc)
		if err != nil {
			t.Fatal(err)
		}
		sameAsUnmarshal(t, &d, raw)
		sameAsUnmarshal(t, &d, []byte(strings.NewReplacer(`,"`, `, "`, `":`, `": `).Replace(string(raw))))
	}
}

func randomAttrValue(r *rand.Rand, depth int, top bool) any {
	kind := r.IntN(9)
	if top {
		kind = 7
	}
	if depth > 3 && kind >= 6 {
		kind = r.IntN(6)
	}
	switch kind {
	case 0:
		return nil
	case 1:
		return r.IntN(2) == 0
	case 2:
		return float64(r.Int64N(1<<53)) * []float64{1, -1, 1e-9, 1e-3, 1e12, 1e290}[r.IntN(6)]
	case 3:
		return r.NormFloat64() * 1e6
	case 4, 5:
		return randomAttrString(r)
	case 6:
		a := []any{}
		for range r.IntN(4) {
			a = append(a, randomAttrValue(r, depth+1, false))
		}
		return a
	}
	m := map[string]any{}
	for range r.IntN(8) {
		m[randomAttrString(r)] = randomAttrValue(r, depth+1, false)
	}
	return m
}

func randomAttrString(r *rand.Rand) string {
	pieces := []string{"a", "Title", "ç", "日本", "🎉", `"`, `\`, "/", "<", "&", "\n", "\t", "\x01", "\u2028", " ", "x" + strconv.Itoa(r.IntN(100))}
	var b strings.Builder
	for range r.IntN(6) {
		b.WriteString(pieces[r.IntN(len(pieces))])
	}
	return b.String()
}

func FuzzAttrDecoder(f *testing.F) {
	for _, s := range []string{`{"a": 1, "b": [true, null, "x"], "c": {"d": -1.5e3}}`, `{"t": "\u00e7\"\\"}`, `null`, `[1]`, `{"a":01}`} {
		f.Add([]byte(s))
	}
	var d attrDecoder
	f.Fuzz(func(t *testing.T, raw []byte) {
		sameAsUnmarshal(t, &d, raw)
	})
}

// BenchmarkAttrDecode compares reading a task's attributes as pgx did
// (encoding/json into a map, then copied into the row) and as scanRowWith
// does.
func BenchmarkAttrDecode(b *testing.B) {
	raw := []byte(`{"cost": 1234.50, "owner": 3, "due_date": "2026-03-04", "priority": "high", "progress": 57, ` +
		`"start_date": "2026-01-02", "description": "Revisar o orçamento do projeto 123456 com a equipe", "estimate": 12.5, ` +
		`"tags": ["a", "b"], "done": false}`)
	b.Run("encoding/json", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			var m map[string]any
			if err := json.Unmarshal(raw, &m); err != nil {
				b.Fatal(err)
			}
			row := make(map[string]any, len(m)+rowSystemKeys)
			for k, v := range m {
				row[k] = v
			}
		}
	})
	b.Run("attrDecoder", func(b *testing.B) {
		b.ReportAllocs()
		var d attrDecoder
		for b.Loop() {
			if err := d.decode(raw); err != nil {
				b.Fatal(err)
			}
			row := make(map[string]any, len(d.kv)+rowSystemKeys)
			for _, kv := range d.kv {
				row[kv.k] = kv.v
			}
			clear(d.kv)
		}
	})
}
