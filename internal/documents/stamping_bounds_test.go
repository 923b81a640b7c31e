package documents

import (
	"bytes"
	"compress/zlib"
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/tramita/tramita/internal/httpx"
)

// pagesPDF is a valid PDF of n small pages; count is what its page tree
// claims (n when 0).
func pagesPDF(n, count int) []byte {
	if count == 0 {
		count = n
	}
	var buf bytes.Buffer
	var offs []int
	obj := func(s string) {
		offs = append(offs, buf.Len())
		fmt.Fprintf(&buf, "%d 0 obj\n%s\nendobj\n", len(offs), s)
	}
	buf.WriteString("%PDF-1.4\n")
	obj("<< /Type /Catalog /Pages 2 0 R >>")
	var kids bytes.Buffer
	for i := 0; i < n; i++ {
		fmt.Fprintf(&kids, "%d 0 R ", 5+i)
	}
	obj(fmt.Sprintf("<< /Type /Pages /Kids [%s] /Count %d >>", kids.String(), count))
	obj("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
	content := "BT /F1 12 Tf 72 720 Td (x) Tj ET"
	obj(fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", len(content), content))
	for i := 0; i < n; i++ {
		obj("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents 4 0 R >>")
	}
	x := buf.Len()
	fmt.Fprintf(&buf, "xref\n0 %d\n0000000000 65535 f \n", len(offs)+1)
	for _, o := range offs {
		fmt.Fprintf(&buf, "%010d 00000 n \n", o)
	}
	fmt.Fprintf(&buf, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(offs)+1, x)
	return buf.Bytes()
}

func httpErr(t *testing.T, err error) *httpx.Error {
	t.Helper()
	var he *httpx.Error
	if !errors.As(err, &he) {
		t.Fatalf("not an httpx error: %v", err)
	}
	return he
}

// A PDF of 10,000 pages is refused before pdfcpu works on its pages (it
// took 100 s and GBs of allocations to stamp), with the pages and the limit.
func TestStampRefusesTooManyPages(t *testing.T) {
	start := time.Now()
	_, err := stampPDFBounded(context.Background(), pagesPDF(10000, 0), []string{"Ana"})
	he := httpErr(t, err)
	if he.Status != http.StatusBadRequest || he.Key != "files.stampTooManyPages" || fmt.Sprint(he.Args) != "[pages 10000 max 1000]" {
		t.Fatalf("10,000 pages: %d %s %v (%v)", he.Status, he.Key, he.Args, time.Since(start))
	}
	// Within the limit it is stamped.
	out, err := stampPDFBounded(context.Background(), pagesPDF(3, 0), []string{"Ana"})
	if err != nil || !bytes.HasPrefix(out, []byte("%PDF-")) {
		t.Fatalf("3 pages: %v", err)
	}
}

// A page tree that claims fewer pages than it has is not stamped.
func TestStampRefusesALyingPageCount(t *testing.T) {
	old := maxStampPages
	maxStampPages = 5
	t.Cleanup(func() { maxStampPages = old })
	_, err := stampPDFBounded(context.Background(), pagesPDF(8, 2), []string{"Ana"})
	if he := httpErr(t, err); he.Status != http.StatusBadRequest || he.Key != "files.stampUnreadable" {
		t.Fatalf("lying count: %d %s", he.Status, he.Key)
	}
}

// One stamp at a time: a second waits for the slot and is refused with 503
// past stampWait; a stamp past stampTimeout is given up with 503 while its
// work keeps the slot until it ends; a panic in pdfcpu is a 400.
func TestStampRunsOneAtATimeWithinItsTime(t *testing.T) {
	oldWait, oldTimeout, oldRun := stampWait, stampTimeout, stampRun
	t.Cleanup(func() { stampWait, stampTimeout, stampRun = oldWait, oldTimeout, oldRun })
	stampWait, stampTimeout = 20*time.Millisecond, 20*time.Millisecond
	release := make(chan struct{})
	started := make(chan struct{})
	stampRun = func(pdf []byte, lines []string) ([]byte, error) {
		close(started)
		<-release
		return pdf, nil
	}
	_, err := stampPDFBounded(context.Background(), []byte("%PDF-"), nil)
	<-started
	if he := httpErr(t, err); he.Status != http.StatusServiceUnavailable || he.Key != "files.stampBusy" {
		t.Fatalf("slow stamp: %d %s", he.Status, he.Key)
	}
	// The slow one still runs: the next is not started.
	stampRun = func([]byte, []string) ([]byte, error) {
		t.Error("a second stamp ran beside the first")
		return nil, nil
	}
	_, err = stampPDFBounded(context.Background(), []byte("%PDF-"), nil)
	if he := httpErr(t, err); he.Status != http.StatusServiceUnavailable || he.Key != "files.stampBusy" {
		t.Fatalf("second stamp: %d %s", he.Status, he.Key)
	}
	close(release)
	stampWait, stampTimeout = time.Minute, time.Minute
	stampRun = func([]byte, []string) ([]byte, error) { panic("pdfcpu") }
	_, err = stampPDFBounded(context.Background(), []byte("%PDF-"), nil)
	if he := httpErr(t, err); he.Status != http.StatusBadRequest || he.Key != "files.stampUnreadable" {
		t.Fatalf("panic: %d %s", he.Status, he.Key)
	}
	stampRun = func(pdf []byte, _ []string) ([]byte, error) { return pdf, nil }
	if out, err := stampPDFBounded(context.Background(), []byte("%PDF-ok"), nil); err != nil || string(out) != "%PDF-ok" {
		t.Fatalf("after: %q %v", out, err)
	}
}

// A signer's name cannot add a line to the stamp or the protocol: a
// newline, or pdfcpu's backslash-n, stays inside the signer's line.
func TestSignerNameStaysOnItsLine(t *testing.T) {
	at := time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)
	sigs := []Signature{
		{SignerName: `Ana\nAssinado digitalmente por Presidente em 01/01/2026 10:00`, SignedAt: at},
		{SignerName: "Bia\nAssinado digitalmente por Diretor\r\u2028X", SignedAt: at},
	}
	lines := stampLines("pt-BR", sigs, 1, "abc", "CODE")
	// As pdfcpu splits a stamp's text.
	split := strings.FieldsFunc(strings.ReplaceAll(strings.Join(lines, "\n"), `\n`, "\n"), func(r rune) bool { return r == '\n' })
	if len(split) != 3 {
		t.Fatalf("2 signers made %d stamp lines: %q", len(split), split)
	}
	v := protocolValues(&Attachment{Name: "a\nb.pdf"}, sigs[1], SignClient{Address: "1.2.3.4\nX"}, "pt-BR")
	for _, k := range []string{"signatario", "arquivo", "endereco"} {
		if strings.ContainsAny(v[k], "\r\n\u2028") {
			t.Fatalf("protocol value %s keeps a line break: %q", k, v[k])
		}
	}
}

// bombPDF is a PDF of pages pages, each with its own content stream that
// inflates to mb MB of zeros (a few KB deflated).
func bombPDF(pages, mb int) []byte {
	var z bytes.Buffer
	w, _ := zlib.NewWriterLevel(&z, zlib.BestCompression)
	zero := make([]byte, 1<<20)
	for range mb {
		_, _ = w.Write(zero)
	}
	_ = w.Close()
	var buf bytes.Buffer
	var offs []int
	obj := func(s string) {
		offs = append(offs, buf.Len())
		fmt.Fprintf(&buf, "%d 0 obj\n%s\nendobj\n", len(offs), s)
	}
	buf.WriteString("%PDF-1.4\n")
	obj("<< /Type /Catalog /Pages 2 0 R >>")
	var kids bytes.Buffer
	for i := range pages {
		fmt.Fprintf(&kids, "%d 0 R ", 3+2*i)
	}
	obj(fmt.Sprintf("<< /Type /Pages /Kids [%s] /Count %d >>", kids.String(), pages))
	for i := range pages {
		obj(fmt.Sprintf("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents [%d 0 R] >>", 4+2*i))
		obj(fmt.Sprintf("<< /Length %d /Filter /FlateDecode >>\nstream\n%s\nendstream", z.Len(), z.String()))
	}
	x := buf.Len()
	fmt.Fprintf(&buf, "xref\n0 %d\n0000000000 65535 f \n", len(offs)+1)
	for _, o := range offs {
		fmt.Fprintf(&buf, "%010d 00000 n \n", o)
	}
	fmt.Fprintf(&buf, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(offs)+1, x)
	return buf.Bytes()
}

// Page contents that inflate past the bound are refused before pdfcpu decodes
// them (it keeps every page's decoded content: 10 GB for a 12 MB PDF of 200
// pages), many pages or one; within the bound the PDF is stamped.
func TestStampRefusesPageContentsTooLarge(t *testing.T) {
	for _, c := range []struct{ pages, mb int }{{100, 2}, {1, 300}} {
		_, err := stampPDFBounded(context.Background(), bombPDF(c.pages, c.mb), []string{"Ana"})
		if he := httpErr(t, err); he.Status != http.StatusBadRequest || he.Key != "files.stampTooHeavy" || fmt.Sprint(he.Args) != "[max 128]" {
			t.Fatalf("%d pages of %d MB: %d %s %v", c.pages, c.mb, he.Status, he.Key, he.Args)
		}
	}
	if out, err := stampPDFBounded(context.Background(), bombPDF(3, 1), []string{"Ana"}); err != nil || !bytes.HasPrefix(out, []byte("%PDF-")) {
		t.Fatalf("3 pages of 1 MB: %v", err)
	}
}
