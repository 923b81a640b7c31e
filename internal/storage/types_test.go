package storage

import (
	"testing"
)

func TestSniffNeedsNameAndContentToAgree(t *testing.T) {
	png := []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
	pdf := []byte("%PDF-1.7\n")
	zip := []byte("PK\x03\x04\x14\x00")
	ole := append([]byte{}, oleMagic...)
	cases := []struct {
		name string
		head []byte
		want string
		ok   bool
	}{
		{"foto.PNG", png, "image/png", true},
		{"contrato.pdf", pdf, "application/pdf", true},
		{"planilha.xlsx", zip, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", true},
		{"antigo.doc", ole, "application/msword", true},
		{"notas.txt", []byte("olá, mundo"), "text/plain; charset=utf-8", true},
		{"falso.pdf", png, "", false},
		{"pagina.html", []byte("<html><script>x</script>"), "", false},
		{"texto.txt", []byte("<html><script>x</script>"), "", false},
		{"desenho.svg", []byte("<svg xmlns='http://www.w3.org/2000/svg'/>"), "", false},
		{"programa.exe", []byte("MZ\x90\x00"), "", false},
		{"sem-extensao", pdf, "", false},
		{"vazio.pdf", nil, "", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, ok := Sniff(c.name, c.head)
			if got != c.want || ok != c.ok {
				t.Errorf("Sniff = %q %v, want %q %v", got, ok, c.want, c.ok)
			}
		})
	}
}

func TestCleanNameAndContentDisposition(t *testing.T) {
	for in, want := range map[string]string{
		"../../etc/passwd":           "passwd",
		`C:\Users\ana\relatório.pdf`: "relatório.pdf",
		"a\x00b\r\n.pdf":             "ab.pdf",
		"..":                         "",
		`aspas "x".txt`:              "aspas x.txt",
	} {
		if got := CleanName(in); got != want {
			t.Errorf("CleanName(%q) = %q, want %q", in, got, want)
		}
	}
	got := ContentDisposition("attachment", "relatório final; v2.pdf")
	want := `attachment; filename="relat_rio final_ v2.pdf"; filename*=UTF-8''relat%C3%B3rio%20final%3B%20v2.pdf`
	if got != want {
		t.Errorf("ContentDisposition = %s\nwant %s", got, want)
	}
}
