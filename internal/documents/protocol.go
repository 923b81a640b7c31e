package documents

import (
	"slices"
	"strings"
)

// ProtocolPlaceholders are the {name}s a Signature Protocol template may
// use (pt-BR and en names, in no order): what the administration's
// settings editor accepts in signatureProtocolTemplate.
func ProtocolPlaceholders() []string {
	values := protocolValues(&Attachment{}, Signature{}, SignClient{}, "pt-br")
	names := make([]string, 0, len(values))
	for name := range values {
		names = append(names, name)
	}
	return names
}

// UnknownProtocolPlaceholders lists the {names} of template that signing
// would not fill, as written, each once.
func UnknownProtocolPlaceholders(template string) []string {
	known := ProtocolPlaceholders()
	var out []string
	eachPlaceholder(template, func(_, name, written string) {
		if !slices.Contains(known, name) && !slices.Contains(out, written) {
			out = append(out, written)
		}
	})
	return out
}

// eachPlaceholder reads template as the protocol is rendered: fn gets the
// text before each {name}, the name (trimmed, lower case) and the
// placeholder as written; the text after the last one is returned.
func eachPlaceholder(template string, fn func(text, name, written string)) string {
	for {
		open := strings.IndexByte(template, '{')
		if open < 0 {
			return template
		}
		end := strings.IndexByte(template[open:], '}')
		if end < 0 {
			return template
		}
		fn(template[:open], strings.ToLower(strings.TrimSpace(template[open+1:open+end])), template[open:open+end+1])
		template = template[open+end+1:]
	}
}
