package demo

import (
	"math/rand/v2"
	"strings"
	"testing"
	"time"
)

func TestContractJoinsThePrepositionToTheArticle(t *testing.T) {
	for _, c := range []struct{ preposition, object, want string }{
		{"em", "o relatório de vendas", "no relatório de vendas"},
		{"em", "a API de pagamentos", "na API de pagamentos"},
		{"de", "o portal do cliente", "do portal do cliente"},
		{"de", "a rede da filial", "da rede da filial"},
		{"em", "Brasília", "em Brasília"},
	} {
		if got := contract(c.preposition, c.object); got != c.want {
			t.Errorf("contract(%q, %q) = %q, want %q", c.preposition, c.object, got, c.want)
		}
	}
}

// Every title the demo can make reads as Portuguese does: no "em o", "de a".
func TestDemoTitlesContractPrepositions(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 500; i++ {
		for _, key := range []string{"task", "risk", "changeRequest", "ticket"} {
			title, _ := sample(r, key, time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), 1)
			for _, wrong := range []string{" em o ", " em a ", " de o ", " de a ", ": o ", ": a "} {
				if strings.Contains(title, wrong) {
					t.Fatalf("%s title %q contains %q", key, title, wrong)
				}
			}
		}
	}
}
