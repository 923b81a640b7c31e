package brdoc

import "testing"

func TestValidCPF(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want bool
	}{
		{"529.982.247-25", true},
		{"52998224725", true},
		{"873.220.050-15", true},
		{"529.982.247-24", false}, // second check digit wrong
		{"529.982.247-35", false}, // first check digit wrong
		{"111.111.111-11", false}, // equal digits pass the sums but are not issued
		{"5299822472", false},     // ten digits
		{"529982247255", false},   // twelve
		{"52998224725x", false},
		{"529.982.247-25!", false},
		{"", false},
	} {
		if got := ValidCPF(tt.in); got != tt.want {
			t.Errorf("ValidCPF(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestValidCNPJ(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want bool
	}{
		{"11.222.333/0001-81", true},
		{"11222333000181", true},
		{"12.ABC.345/01DE-35", true}, // the Receita Federal's alphanumeric example
		{"12abc34501de35", true},     // letters in any case
		{"12.ABC.345/01DE-36", false},
		{"11.222.333/0001-80", false},
		{"11.222.333/0001-91", false},
		{"12.345.678/0001-90", false},
		{"00.000.000/0000-00", false},
		{"12.ABC.345/01DE-3A", false}, // check digits are digits
		{"11.222.333/0001-8", false},
		{"11.222.333/0001-81#", false},
		{"", false},
	} {
		if got := ValidCNPJ(tt.in); got != tt.want {
			t.Errorf("ValidCNPJ(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}
