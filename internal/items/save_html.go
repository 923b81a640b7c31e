package items

import (
	"net/url"
	"regexp"
	"slices"
	"strings"

	"github.com/microcosm-cc/bluemonday"
)

// allowedTags are the HTML elements rich text keeps: what the editor makes
// (execCommand: b, i, u, ul, ol, li, div, br, p) and pasted formatting. Others
// are dropped with their text kept; script-like ones with their content.
var allowedTags = map[string]bool{"p": true, "br": true, "b": true, "strong": true, "i": true, "em": true, "u": true,
	"s": true, "strike": true, "ul": true, "ol": true, "li": true, "blockquote": true, "pre": true, "code": true,
	"h1": true, "h2": true, "h3": true, "h4": true, "h5": true, "h6": true, "a": true, "span": true, "div": true,
	"table": true, "thead": true, "tbody": true, "tr": true, "td": true, "th": true, "hr": true, "sub": true, "sup": true}

var droppedWithContent = []string{"script", "style", "iframe", "object", "embed",
	"noscript", "template", "svg", "math", "textarea", "select"}

// richText is the bluemonday policy of rich text: the allowed elements
// without attributes, except a link's absolute http(s) or mailto href.
var richText = func() *bluemonday.Policy {
	p := bluemonday.NewPolicy()
	tags := make([]string, 0, len(allowedTags))
	for t := range allowedTags {
		tags = append(tags, t)
	}
	slices.Sort(tags)
	p.AllowElements(tags...)
	// A link whose href is refused stays, as <a>, like every allowed element.
	p.AllowNoAttrs().OnElements(tags...)
	p.AllowAttrs("href").Matching(regexp.MustCompile(`^\s*(?i:https?://|mailto:)`)).OnElements("a")
	hasHost := func(u *url.URL) bool { return u.Host != "" }
	p.AllowURLSchemeWithCustomPolicy("http", hasHost)
	p.AllowURLSchemeWithCustomPolicy("https", hasHost)
	p.AllowURLSchemes("mailto")
	p.RequireParseableURLs(true)
	p.SkipElementsContent(droppedWithContent...)
	return p
}()

// The policy's output is written as rich text was always stored ("<br />",
// "<x />", links in a new tab without opener), so a value saved unchanged keeps
// its bytes; safe because bluemonday escapes text and attribute values.
var (
	selfClosing  = strings.NewReplacer("/>", " />")
	richTextLink = regexp.MustCompile(`<a href="([^"]*)"( /)?>`)
	voidTags     = strings.NewReplacer("<br>", "<br />", "</br>", "", "<hr>", "<hr />", "</hr>", "")
)

// sanitizeHTML keeps the allowed elements without attributes, except a
// link's http(s) or mailto href (opened in a new tab, without opener).
func sanitizeHTML(s string) string {
	out := selfClosing.Replace(richText.Sanitize(s))
	out = richTextLink.ReplaceAllString(out, `<a href="$1" target="_blank" rel="noopener noreferrer"$2>`)
	return voidTags.Replace(out)
}
