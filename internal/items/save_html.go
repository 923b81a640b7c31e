package items

import (
	"net/url"
	"regexp"
	"slices"
	"strings"

	"github.com/microcosm-cc/bluemonday"
)

// allowedTags are the HTML elements rich text keeps: what the web app's
// editor makes (execCommand in a contenteditable: b, i, u, ul, ol, li,
// div and br for new lines, p) and the formatting a pasted text or a form's
// HTML text carries. Everything else is dropped (its text kept), and
// script-like elements with their content.
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

// The policy's output is then written as rich text was always stored, so a
// value saved again unchanged stays byte for byte the same: "<br />" and
// "<hr />" (a stray </br> or </hr> dropped), "<x />" for a self-closing
// tag, and a link opened in a new tab without opener. This is safe on
// bluemonday's output: text and attribute values are escaped (no raw <, >
// or " in them), so "/>" only ends a tag, and a link's only attribute is
// its href.
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
