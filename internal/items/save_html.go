package items

import (
	"html"
	"strings"

	xhtml "golang.org/x/net/html"
)

// allowedTags are the HTML elements rich text keeps; everything else is
// dropped (its text kept), and script-like elements with their content.
var allowedTags = map[string]bool{"p": true, "br": true, "b": true, "strong": true, "i": true, "em": true, "u": true,
	"s": true, "strike": true, "ul": true, "ol": true, "li": true, "blockquote": true, "pre": true, "code": true,
	"h1": true, "h2": true, "h3": true, "h4": true, "h5": true, "h6": true, "a": true, "span": true, "div": true,
	"table": true, "thead": true, "tbody": true, "tr": true, "td": true, "th": true, "hr": true, "sub": true, "sup": true}

var droppedWithContent = map[string]bool{"script": true, "style": true, "iframe": true, "object": true, "embed": true,
	"noscript": true, "template": true, "svg": true, "math": true, "textarea": true, "select": true}

// sanitizeHTML keeps the allowed elements without attributes, except a
// link's http(s) or mailto href (opened in a new tab, without opener).
func sanitizeHTML(s string) string {
	z := xhtml.NewTokenizer(strings.NewReader(s))
	var b strings.Builder
	skip := 0
	for {
		tt := z.Next()
		switch tt {
		case xhtml.ErrorToken:
			return b.String()
		case xhtml.TextToken:
			if skip == 0 {
				b.WriteString(html.EscapeString(string(z.Text())))
			}
		case xhtml.StartTagToken, xhtml.SelfClosingTagToken, xhtml.EndTagToken:
			tok := z.Token()
			name := tok.Data
			if droppedWithContent[name] {
				if tt == xhtml.StartTagToken {
					skip++
				} else if tt == xhtml.EndTagToken && skip > 0 {
					skip--
				}
				continue
			}
			if skip > 0 || !allowedTags[name] {
				continue
			}
			if tt == xhtml.EndTagToken {
				if name != "br" && name != "hr" {
					b.WriteString("</" + name + ">")
				}
				continue
			}
			b.WriteString("<" + name)
			if name == "a" {
				for _, a := range tok.Attr {
					if a.Key == "href" && safeHref(a.Val) {
						b.WriteString(` href="` + html.EscapeString(a.Val) + `" target="_blank" rel="noopener noreferrer"`)
					}
				}
			}
			if tt == xhtml.SelfClosingTagToken || name == "br" || name == "hr" {
				b.WriteString(" />")
				continue
			}
			b.WriteString(">")
		}
	}
}

func safeHref(v string) bool {
	l := strings.ToLower(strings.TrimSpace(v))
	return strings.HasPrefix(l, "https://") || strings.HasPrefix(l, "http://") || strings.HasPrefix(l, "mailto:")
}
