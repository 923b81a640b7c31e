package items

import (
	"regexp"
	"strings"
	"testing"
)

func TestSanitizeHTMLKeepsFormattingOnly(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`<p>Olá <b>mundo</b></p>`, `<p>Olá <b>mundo</b></p>`},
		{`<p onclick="x()" style="color:red">a</p>`, `<p>a</p>`},
		{`<script>alert(1)</script>texto`, `texto`},
		{`<img src=x onerror=alert(1)>depois`, `depois`},
		{`<a href="javascript:alert(1)">x</a>`, `<a>x</a>`},
		{`<a href="https://tramita.dev/?a=1&b=2">site</a>`, `<a href="https://tramita.dev/?a=1&amp;b=2" target="_blank" rel="noopener noreferrer">site</a>`},
		{`<style>p{}</style><svg><script>x</script></svg>ok`, `ok`},
		{`1 < 2 & 3 > 2`, `1 &lt; 2 &amp; 3 &gt; 2`},
		{`<!-- comentário --><br>linha`, `<br />linha`},
		{`<iframe src="https://x"></iframe><ul><li>um</li></ul>`, `<ul><li>um</li></ul>`},
		// What the editor makes (execCommand in a contenteditable), and a paste.
		{`<div><b>um</b></div><div><br></div><ol><li><i>dois</i></li></ol><u>três</u>`, `<div><b>um</b></div><div><br /></div><ol><li><i>dois</i></li></ol><u>três</u>`},
		{`<span style="font-family: Arial" class="x">colado</span>&nbsp;fim`, "<span>colado</span>\u00a0fim"},
		// A value saved before is saved again unchanged.
		{`<p>a<br />b</p><hr /><a href="mailto:ana@tramita.dev" target="_blank" rel="noopener noreferrer">Ana</a>`,
			`<p>a<br />b</p><hr /><a href="mailto:ana@tramita.dev" target="_blank" rel="noopener noreferrer">Ana</a>`},
		{`<a href="http://">x</a><a href=" HTTPS://tramita.dev/a b">y</a><a href="/relativo">z</a>`, `<a>x</a><a>y</a><a>z</a>`},
	} {
		if got := sanitizeHTML(c.in); got != c.want {
			t.Errorf("sanitizeHTML(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// Every < of the output opens a tag the sanitiser wrote: an allowed
// element, no attribute but a safe link.
var safeTag = regexp.MustCompile(`^<(/?)([a-z0-9]+)( href="(?i:https?://|mailto:)[^"]*" target="_blank" rel="noopener noreferrer")?( /)?>$`)

func FuzzSanitizeHTML(f *testing.F) {
	for _, s := range []string{`<p>a</p>`, `<a href="javascript:x">`, `<scr<script>ipt>`, `<img onerror=x>`, `<a href=" JaVaScRiPt:x">`,
		`<a href="https://x" onclick="y">z</a>`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		out := sanitizeHTML(in)
		for rest := out; ; {
			i := strings.IndexByte(rest, '<')
			if i < 0 {
				break
			}
			j := strings.IndexByte(rest[i:], '>')
			if j < 0 {
				t.Fatalf("sanitizeHTML(%q) = %q: an unclosed <", in, out)
			}
			tag := rest[i : i+j+1]
			m := safeTag.FindStringSubmatch(tag)
			if m == nil || !allowedTags[m[2]] || (m[3] != "" && m[2] != "a") {
				t.Fatalf("sanitizeHTML(%q) = %q keeps %s", in, out, tag)
			}
			rest = rest[i+j+1:]
		}
	})
}

func TestFormatNumberTruncatesAsTheGrid(t *testing.T) {
	for _, c := range []struct {
		v         float64
		typ, lang string
		want      string
	}{
		{1234.567, "CURRENCY", "pt-BR", "R$ 1.234,56"},
		{-0.5, "DECIMAL", "pt-BR", "-0,50"},
		{1234567.5, "CURRENCY", "en", "R$ 1,234,567.50"},
		{50, "PERCENTILE", "pt-BR", "50,00%"},
		{2.25, "DURATION", "pt-BR", "2,25 hrs"},
		{1000, "INTEGER", "pt-BR", "1.000"},
	} {
		if got := formatNumber(c.v, c.typ, c.lang); got != c.want {
			t.Errorf("formatNumber(%v, %s, %s) = %q, want %q", c.v, c.typ, c.lang, got, c.want)
		}
	}
}
