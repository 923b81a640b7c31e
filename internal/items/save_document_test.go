package items

import (
	"testing"

	"github.com/tramita/tramita/internal/apppkg"
)

// A masked textbox whose mask is a CPF's or a CNPJ's checks the number's
// check digits (issue 21); another mask checks only the shape.
func TestMaskedDocumentsCheckTheirDigits(t *testing.T) {
	s := &Service{}
	for _, c := range []struct {
		mask, value, wantKey string
	}{
		{"999.999.999-99", "529.982.247-25", ""},
		{"999.999.999-99", "529.982.247-24", "forms.documentInvalid"},
		{"999.999.999-99", "111.111.111-11", "forms.documentInvalid"},
		{"99.999.999/9999-99", "11.222.333/0001-81", ""},
		{"99.999.999/9999-99", "11.222.333/0001-80", "forms.documentInvalid"},
		{"**.***.***/****-99", "12.ABC.345/01DE-35", ""},
		{"**.***.***/****-99", "12.ABC.345/01DE-36", "forms.documentInvalid"},
		{"999.999.999-99", "529.982.247", "forms.maskMismatch"},
		{"999-999", "123-456", ""},
	} {
		b := &binding{Type: "STRING", Control: &apppkg.Control{Kind: "masked textbox", Mask: c.mask}}
		_, ferr := s.plainValue(b, c.value)
		got := ""
		if ferr != nil {
			got = ferr.key
		}
		if got != c.wantKey {
			t.Errorf("%s %q: got %q, want %q", c.mask, c.value, got, c.wantKey)
		}
	}
}
