// Package i18n holds the server's translated messages and picks the caller's
// language. The web app carries its own texts; the server only translates what
// it answers in a Message (errors and the few success texts of the API).
package i18n

import (
	"context"
	"fmt"
	"strings"
)

// Lang is a supported language. pt-BR is the default.
type Lang string

const (
	PtBR Lang = "pt-BR"
	En   Lang = "en"
)

// Parse picks the language from an Accept-Language header or a stored
// preference ("en", "en-US", "pt-br", "pt-BR;q=0.9"). Anything that is not
// English falls back to Brazilian Portuguese, the product's default.
func Parse(header string) Lang {
	for _, part := range strings.Split(header, ",") {
		tag := strings.ToLower(strings.TrimSpace(strings.SplitN(part, ";", 2)[0]))
		switch {
		case tag == "":
			continue
		case tag == "en" || strings.HasPrefix(tag, "en-"):
			return En
		case tag == "pt" || strings.HasPrefix(tag, "pt-"):
			return PtBR
		}
	}
	return PtBR
}

type ctxKey struct{}

// With stores the request's language in ctx.
func With(ctx context.Context, l Lang) context.Context { return context.WithValue(ctx, ctxKey{}, l) }

// From returns the request's language, pt-BR when none was set.
func From(ctx context.Context) Lang {
	if l, ok := ctx.Value(ctxKey{}).(Lang); ok {
		return l
	}
	return PtBR
}

// LangOf is From as the string that translated texts are keyed by.
func LangOf(ctx context.Context) string { return string(From(ctx)) }

// T translates key into l. Args fill {name} placeholders in order of the
// pairs given: T(l, "x", "min", 1, "max", 2). A missing key returns the key
// itself so a forgotten text is visible, never blank; a test keeps both
// catalogues complete.
func T(l Lang, key string, args ...any) string {
	cat := ptBR
	if l == En {
		cat = en
	}
	msg, ok := cat[key]
	if !ok {
		return key
	}
	for i := 0; i+1 < len(args); i += 2 {
		msg = strings.ReplaceAll(msg, "{"+fmt.Sprint(args[i])+"}", fmt.Sprint(args[i+1]))
	}
	return msg
}

// Has reports whether key exists in the catalogue.
func Has(key string) bool {
	_, ok := ptBR[key]
	return ok
}
