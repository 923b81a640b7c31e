package i18n

import (
	"strings"
	"testing"
)

func TestCataloguesHaveTheSameKeys(t *testing.T) {
	for k := range ptBR {
		if _, ok := en[k]; !ok {
			t.Errorf("key %q missing in en", k)
		}
	}
	for k := range en {
		if _, ok := ptBR[k]; !ok {
			t.Errorf("key %q missing in pt-BR", k)
		}
	}
}

func TestParse(t *testing.T) {
	tests := []struct {
		header string
		want   Lang
	}{
		{"", PtBR},
		{"en", En},
		{"en-US,en;q=0.9", En},
		{"pt-br", PtBR},
		{"pt-BR,en;q=0.8", PtBR},
		{"fr-FR, en;q=0.5", En},
		{"de", PtBR},
		{"*", PtBR},
	}
	for _, tt := range tests {
		t.Run(tt.header, func(t *testing.T) {
			if got := Parse(tt.header); got != tt.want {
				t.Errorf("Parse(%q) = %q, want %q", tt.header, got, tt.want)
			}
		})
	}
}

func TestTFillsArgumentsAndShowsMissingKeys(t *testing.T) {
	if got := T(En, "error.bodyTooLarge", "limit", "1 MB"); got != "The request body exceeds the limit of 1 MB." {
		t.Errorf("got %q", got)
	}
	if got := T(PtBR, "no.such.key"); got != "no.such.key" {
		t.Errorf("got %q", got)
	}
}

// Spec section 5: the required message is 'Obrigatório' / 'required', and
// the e-mail pattern's is 'Invalid email' (no Portuguese variant is quoted;
// the web shows it in both languages).
func TestSpecValidationTexts(t *testing.T) {
	for _, c := range []struct {
		lang      Lang
		key, want string
	}{
		{PtBR, "error.required", "Obrigatório"},
		{En, "error.required", "required"},
		{PtBR, "portal.invalidEmail", "Invalid email"},
		{En, "portal.invalidEmail", "Invalid email"},
	} {
		if got := T(c.lang, c.key); got != c.want {
			t.Errorf("%s %s = %q, want %q", c.lang, c.key, got, c.want)
		}
	}
}

// Each module's texts are in its own catalogue: a key sits in the catalogue
// whose prefix names it most closely, so no module's texts hide in another's.
func TestEachKeyIsInItsModulesCatalogue(t *testing.T) {
	owner := func(key string) int {
		best, at := -1, -1
		for i, c := range catalogues {
			for _, p := range c.prefixes {
				if strings.HasPrefix(key, p) && len(p) > best {
					best, at = len(p), i
				}
			}
		}
		return at
	}
	for i, c := range catalogues {
		for _, m := range []map[string]string{c.ptBR, c.en} {
			for k := range m {
				if o := owner(k); o != i {
					t.Errorf("key %q is in the catalogue of %v, its prefix is %v's", k, c.prefixes, catalogues[max(o, 0)].prefixes)
				}
			}
		}
	}
}
