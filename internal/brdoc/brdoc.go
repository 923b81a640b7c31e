// Package brdoc checks Brazilian registry numbers by their check digits:
// CPF (people) and CNPJ (companies), the CNPJ both numeric and in the
// alphanumeric form the Receita Federal issues from July 2026
// (IN RFB 2.229/2024). Punctuation is ignored; nothing else is.
package brdoc

import "strings"

// Strip keeps the letters and digits of s, letters in upper case.
func Strip(s string) string {
	var b strings.Builder
	for _, r := range strings.ToUpper(s) {
		if r >= '0' && r <= '9' || r >= 'A' && r <= 'Z' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// punctuationOnly holds when s has nothing but letters, digits and the
// marks a formatted number uses, so "123.456.789-09x!" is not read as a CPF.
func punctuationOnly(s string) bool {
	for _, r := range s {
		if !(r >= '0' && r <= '9' || r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || strings.ContainsRune(" .-/", r)) {
			return false
		}
	}
	return true
}

// ValidCPF holds when s is an 11-digit CPF, formatted or not, whose two
// check digits are right; eleven equal digits are refused.
func ValidCPF(s string) bool {
	d := Strip(s)
	if !punctuationOnly(s) || len(d) != 11 || strings.Count(d, d[:1]) == 11 {
		return false
	}
	for _, r := range d {
		if r < '0' || r > '9' {
			return false
		}
	}
	for n := 9; n <= 10; n++ {
		sum := 0
		for i := 0; i < n; i++ {
			sum += int(d[i]-'0') * (n + 1 - i)
		}
		check := sum * 10 % 11 % 10
		if int(d[n]-'0') != check {
			return false
		}
	}
	return true
}

// ValidCNPJ holds when s is a CNPJ, formatted or not: twelve letters or
// digits and two check digits (mod 11, each character worth its code
// minus 48, as the Receita Federal defines); fourteen equal characters are refused.
func ValidCNPJ(s string) bool {
	d := Strip(s)
	if !punctuationOnly(s) || len(d) != 14 || strings.Count(d, d[:1]) == 14 {
		return false
	}
	if d[12] < '0' || d[12] > '9' || d[13] < '0' || d[13] > '9' {
		return false
	}
	weights := []int{6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2}
	for n := 12; n <= 13; n++ {
		sum := 0
		for i := 0; i < n; i++ {
			sum += int(d[i]-'0') * weights[i+13-n]
		}
		check := 0
		if r := sum % 11; r >= 2 {
			check = 11 - r
		}
		if int(d[n]-'0') != check {
			return false
		}
	}
	return true
}

// The masks (a masked textbox's: 9 a digit, * a letter or digit) that name
// a CPF or a CNPJ, numeric or alphanumeric.
var masks = map[string]string{
	"999.999.999-99":     "CPF",
	"99999999999":        "CPF",
	"99.999.999/9999-99": "CNPJ",
	"99999999999999":     "CNPJ",
	"**.***.***/****-99": "CNPJ",
	"************99":     "CNPJ",
}

// KindOfMask is "CPF" or "CNPJ" when mask is one of theirs, else "": a
// masked textbox with such a mask checks the number's check digits.
func KindOfMask(mask string) string { return masks[mask] }

// Valid checks s as the kind KindOfMask names.
func Valid(kind, s string) bool {
	switch kind {
	case "CPF":
		return ValidCPF(s)
	case "CNPJ":
		return ValidCNPJ(s)
	}
	return true
}
