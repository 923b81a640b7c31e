package auth

import (
	"bytes"
	"fmt"
	"strings"
)

// defaultTermsTitle and defaultTerms are the terms of use Tramita ships as
// version 1; an organisation replaces them with its own PDF.
const defaultTermsTitle = "Termos de Uso do Tramita"

var defaultTerms = []string{
	"Estes termos regem o uso desta instalação do Tramita, plataforma de gestão de trabalho mantida pela organização que lhe deu acesso (a \"Organização\"). Ao aceitá-los, você declara que os leu e concorda com eles.",
	"1. Acesso. O acesso é pessoal e intransferível. Você é responsável por manter em sigilo a sua senha e o seu segundo fator de autenticação, e por todas as ações feitas com as suas credenciais. Avise a Organização imediatamente se suspeitar de uso indevido.",
	"2. Uso permitido. Use a plataforma somente para as atividades profissionais autorizadas pela Organização. Não tente acessar dados, aplicações ou funções para as quais não recebeu permissão, nem contornar os controles de segurança.",
	"3. Conteúdo. Os itens, documentos, mensagens e apontamentos registrados pertencem à Organização. Não inclua conteúdo ilícito, ofensivo ou que viole direitos de terceiros, nem dados pessoais além do necessário para o trabalho.",
	"4. Registros e auditoria. Para a segurança de todos, a plataforma registra entradas, saídas, alterações de senha e outras ações relevantes, com data, hora e endereço de rede. Esses registros podem ser consultados pelos administradores.",
	"5. Dados pessoais. Seus dados pessoais (nome, e-mail, foto e registros de uso) são tratados pela Organização conforme a Lei Geral de Proteção de Dados (Lei 13.709/2018), para as finalidades de autenticação, segurança e execução do trabalho. Dúvidas e pedidos sobre os seus dados devem ser dirigidos à Organização.",
	"6. Disponibilidade. A plataforma pode ficar indisponível para manutenção ou por motivos alheios à Organização. Manutenções são informadas na própria plataforma sempre que possível.",
	"7. Suspensão. O acesso pode ser suspenso ou encerrado em caso de descumprimento destes termos ou a critério da Organização.",
	"8. Alterações. Estes termos podem ser atualizados. Quando isso acontecer, a nova versão será apresentada no seu próximo acesso e precisará ser aceita para continuar usando a plataforma.",
	"Ao marcar \"Li e concordo\" e continuar, você aceita esta versão dos termos. A data, a hora, o endereço de rede e o navegador do aceite são registrados.",
}

// PDF layout: A4 in points, Helvetica (a standard font every reader has).
const (
	pdfPageW, pdfPageH = 595, 842
	pdfMargin          = 64
	pdfFontSize        = 11
	pdfLeading         = 15
	pdfTitleSize       = 16
	pdfWrapChars       = 88
)

// renderTermsPDF writes a small, valid PDF 1.4 with the title and the
// paragraphs, wrapped and paginated. Text is WinAnsi-encoded, which holds
// every letter of Portuguese.
func renderTermsPDF(title string, paragraphs []string) []byte {
	var lines []string
	for _, p := range paragraphs {
		lines = append(lines, wrap(p, pdfWrapChars)...)
		lines = append(lines, "")
	}
	perPage := (pdfPageH - 2*pdfMargin - 40) / pdfLeading
	var pages [][]string
	for len(lines) > 0 {
		n := min(perPage, len(lines))
		pages = append(pages, lines[:n])
		lines = lines[n:]
	}

	// Objects: 1 catalog, 2 pages, 3 font, 4 bold font, then per page its
	// page object and its content stream.
	var objs []string
	objs = append(objs, "<< /Type /Catalog /Pages 2 0 R >>")
	kids := make([]string, len(pages))
	for i := range pages {
		kids[i] = fmt.Sprintf("%d 0 R", 5+2*i)
	}
	objs = append(objs, fmt.Sprintf("<< /Type /Pages /Kids [%s] /Count %d >>", strings.Join(kids, " "), len(pages)))
	objs = append(objs, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
	objs = append(objs, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>")
	for i, pl := range pages {
		var c bytes.Buffer
		y := pdfPageH - pdfMargin
		if i == 0 {
			fmt.Fprintf(&c, "BT /F2 %d Tf %d %d Td (%s) Tj ET\n", pdfTitleSize, pdfMargin, y-pdfTitleSize, pdfString(title))
			y -= pdfTitleSize + 24
		}
		fmt.Fprintf(&c, "BT /F1 %d Tf %d TL %d %d Td\n", pdfFontSize, pdfLeading, pdfMargin, y-pdfFontSize)
		for _, l := range pl {
			fmt.Fprintf(&c, "(%s) Tj T*\n", pdfString(l))
		}
		fmt.Fprintf(&c, "ET\nBT /F1 9 Tf %d %d Td (%s) Tj ET\n", pdfPageW/2-20, pdfMargin/2, pdfString(fmt.Sprintf("%d / %d", i+1, len(pages))))
		objs = append(objs, fmt.Sprintf("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %d %d] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents %d 0 R >>",
			pdfPageW, pdfPageH, 6+2*i))
		objs = append(objs, fmt.Sprintf("<< /Length %d >>\nstream\n%sendstream", c.Len(), c.String()))
	}

	var out bytes.Buffer
	out.WriteString("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
	offsets := make([]int, len(objs))
	for i, o := range objs {
		offsets[i] = out.Len()
		fmt.Fprintf(&out, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	xref := out.Len()
	fmt.Fprintf(&out, "xref\n0 %d\n0000000000 65535 f \n", len(objs)+1)
	for _, off := range offsets {
		fmt.Fprintf(&out, "%010d 00000 n \n", off)
	}
	fmt.Fprintf(&out, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(objs)+1, xref)
	return out.Bytes()
}

// wrap breaks text into lines of at most width characters at spaces.
func wrap(text string, width int) []string {
	var lines []string
	var cur []rune
	for _, word := range strings.Fields(text) {
		w := []rune(word)
		if len(cur) > 0 && len(cur)+1+len(w) > width {
			lines = append(lines, string(cur))
			cur = nil
		}
		if len(cur) > 0 {
			cur = append(cur, ' ')
		}
		cur = append(cur, w...)
	}
	if len(cur) > 0 {
		lines = append(lines, string(cur))
	}
	return lines
}

// pdfString encodes s as the bytes of a PDF literal string in WinAnsi:
// Latin-1 letters map to themselves; anything else becomes '?'.
func pdfString(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '(' || r == ')' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r >= 0x20 && r < 0x7f:
			b.WriteRune(r)
		case r >= 0xa0 && r <= 0xff:
			fmt.Fprintf(&b, "\\%03o", r)
		default:
			b.WriteByte('?')
		}
	}
	return b.String()
}
