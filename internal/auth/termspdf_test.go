package auth

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"testing"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
)

// The default terms must be a PDF a reader opens: every xref offset points
// at its object and startxref at the table, and pdfcpu validates it.
func TestDefaultTermsPDFIsWellFormed(t *testing.T) {
	pdf := defaultTermsPDF
	if !bytes.HasPrefix(pdf, []byte("%PDF-1.4\n")) || !bytes.HasSuffix(pdf, []byte("%%EOF\n")) {
		t.Fatal("header or trailer missing")
	}
	m := regexp.MustCompile(`startxref\n(\d+)\n`).FindSubmatch(pdf)
	if m == nil {
		t.Fatal("no startxref")
	}
	xref, _ := strconv.Atoi(string(m[1]))
	if !bytes.HasPrefix(pdf[xref:], []byte("xref\n0 ")) {
		t.Fatalf("startxref %d does not point at the table", xref)
	}
	entries := regexp.MustCompile(`(\d{10}) 00000 n `).FindAllSubmatch(pdf[xref:], -1)
	if len(entries) < 6 {
		t.Fatalf("%d objects", len(entries))
	}
	for i, e := range entries {
		off, _ := strconv.Atoi(string(e[1]))
		if want := fmt.Sprintf("%d 0 obj\n", i+1); !bytes.HasPrefix(pdf[off:], []byte(want)) {
			t.Errorf("object %d not at %d", i+1, off)
		}
	}
	for _, m := range regexp.MustCompile(`/Length (\d+) >>\nstream\n`).FindAllSubmatchIndex(pdf, -1) {
		n, _ := strconv.Atoi(string(pdf[m[2]:m[3]]))
		if !bytes.HasPrefix(pdf[m[1]+n:], []byte("endstream")) {
			t.Errorf("stream at %d: length %d is wrong", m[1], n)
		}
	}
	// "Termos de Uso" in the title, and an accented letter encoded in octal.
	if !bytes.Contains(pdf, []byte("(Termos de Uso do Tramita)")) || !bytes.Contains(pdf, []byte(`Organiza\347\343o`)) {
		t.Error("text missing or badly encoded")
	}
}

func TestDefaultTermsPDFValidates(t *testing.T) {
	api.DisableConfigDir()
	conf := model.NewDefaultConfiguration()
	conf.ValidationMode = model.ValidationStrict
	if err := api.Validate(bytes.NewReader(defaultTermsPDF), conf); err != nil {
		t.Fatalf("pdfcpu: %v", err)
	}
	n, err := api.PageCount(bytes.NewReader(defaultTermsPDF), conf)
	if err != nil || n != 1 {
		t.Errorf("%d pages (%v), want 1", n, err)
	}
}
