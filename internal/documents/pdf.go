package documents

import (
	"bytes"
	"compress/zlib"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/filter"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
	"golang.org/x/text/encoding/charmap"

	"github.com/tramita/tramita/internal/httpx"
)

// pdfcpu keeps a configuration folder in the user's home unless told not
// to; the server needs none.
var pdfcpuSetup sync.Once

func pdfConfig() *model.Configuration {
	pdfcpuSetup.Do(api.DisableConfigDir)
	conf := model.NewDefaultConfiguration()
	conf.ValidationMode = model.ValidationRelaxed
	// A stamp needs at most twice the upload limit, so a stream decoding past
	// 64 MB is refused: under pdfcpu's default of 512 MB, a 2 MB compression
	// bomb allocates 2 GB before it is refused.
	conf.Limits.MaxStreamBytes = 64 << 20
	conf.Limits.MaxDecodeBytes = 64 << 20
	conf.Limits.MaxImageBytes = 64 << 20
	conf.Limits.MaxObjectCount = 1_000_000
	conf.Limits.MaxXRefEntries = 1_000_000
	conf.Limits.MaxObjectStreamCount = 100_000
	return conf
}

// stampDescription is the stamp's look: a framed white box at the bottom
// left of every page, dark blue Helvetica 7 pt, above the content.
const stampDescription = "font:Helvetica, points:7, pos:bl, off:24 14, scale:1 abs, rot:0, fillcolor:#0d2b6b, opacity:1, margins:5, border:1 #0d2b6b, bgcolor:#ffffff, align:l"

// Bounds of a stamp (vars: tests shorten them). pdfcpu holds the whole PDF in
// memory and slows with its pages, so stamps run one at a time, long PDFs are
// refused, and one given up at stampTimeout keeps the slot till its work ends.
var (
	maxStampPages = 1000
	stampWait     = 20 * time.Second
	stampTimeout  = 90 * time.Second
	stampSlot     = make(chan struct{}, 1)
	stampRun      = stampPDF
)

// errStampBusy: another stamp holds the slot past stampWait, or this one
// passed stampTimeout.
var errStampBusy = errors.New("stamp: busy or too slow")

// stampPDFBounded is stampPDF within the bounds above. Its errors are
// httpx errors: the PDF unreadable (400), too many pages (400), the server
// busy or the stamp too slow (503).
func stampPDFBounded(ctx context.Context, pdf []byte, lines []string) ([]byte, error) {
	wait := time.NewTimer(stampWait)
	defer wait.Stop()
	select {
	case stampSlot <- struct{}{}:
	case <-wait.C:
		return nil, &httpx.Error{Status: http.StatusServiceUnavailable, Key: "files.stampBusy", Cause: errStampBusy}
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	type result struct {
		out []byte
		err error
	}
	done := make(chan result, 1)
	go func() {
		defer func() { <-stampSlot }()
		var r result
		defer func() {
			if p := recover(); p != nil {
				r = result{err: fmt.Errorf("stamp: panic: %v", p)}
			}
			done <- r
		}()
		r.out, r.err = stampRun(pdf, lines)
	}()
	limit := time.NewTimer(stampTimeout)
	defer limit.Stop()
	var r result
	select {
	case r = <-done:
	case <-limit.C:
		return nil, &httpx.Error{Status: http.StatusServiceUnavailable, Key: "files.stampBusy", Cause: fmt.Errorf("%w: over %v", errStampBusy, stampTimeout)}
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	var pages *tooManyPages
	switch {
	case errors.As(r.err, &pages):
		return nil, &httpx.Error{Status: http.StatusBadRequest, Key: "files.stampTooManyPages", Args: []any{"pages", pages.n, "max", maxStampPages}, Cause: r.err}
	case errors.Is(r.err, errContentTooLarge):
		return nil, &httpx.Error{Status: http.StatusBadRequest, Key: "files.stampTooHeavy", Args: []any{"max", maxStampContent >> 20}, Cause: r.err}
	case r.err != nil:
		return nil, &httpx.Error{Status: http.StatusBadRequest, Key: "files.stampUnreadable", Cause: r.err}
	}
	return r.out, nil
}

// maxStampContent bounds the decoded page contents of a PDF to stamp, all
// pages together: pdfcpu keeps each one decoded to patch it, so a 12 MB PDF
// could take 10 GB; within the bound a stamp stays under about 500 MB.
var maxStampContent int64 = 128 << 20

// errContentTooLarge: the pages' contents decode past maxStampContent.
var errContentTooLarge = errors.New("stamp: page contents too large")

// checkContentSize decodes the content streams of every page once, each
// into a copy dropped at once, and refuses the PDF when together they
// pass limit (decoding stops there).
func checkContentSize(pc *model.Context, limit int64) error {
	seen := map[int]bool{}
	var total int64
	measure := func(o types.Object) error {
		if ir, ok := o.(types.IndirectRef); ok {
			if seen[ir.ObjectNumber.Value()] {
				return nil
			}
			seen[ir.ObjectNumber.Value()] = true
		}
		sd, _, err := pc.DereferenceStreamDict(o)
		if err != nil || sd == nil {
			return err
		}
		left := limit - total
		n, err := decodedSize(sd, left)
		if errors.Is(err, filter.ErrDecodeLimitExceeded) || n > left {
			return errContentTooLarge
		}
		if err != nil {
			return fmt.Errorf("stamp: page content: %w", err)
		}
		total += n
		return nil
	}
	for i := 1; i <= pc.PageCount; i++ {
		d, _, _, err := pc.PageDict(i, false)
		if err != nil {
			return fmt.Errorf("stamp: page %d: %w", i, err)
		}
		if d == nil {
			continue
		}
		o, found := d.Find("Contents")
		if !found || o == nil {
			continue
		}
		if ir, ok := o.(types.IndirectRef); ok {
			if o, err = pc.Dereference(ir); err != nil {
				return fmt.Errorf("stamp: page %d: %w", i, err)
			}
			if _, isStream := o.(types.StreamDict); isStream {
				o = ir
			}
		}
		if a, ok := o.(types.Array); ok {
			for _, e := range a {
				if err := measure(e); err != nil {
					return err
				}
			}
			continue
		}
		if err := measure(o); err != nil {
			return err
		}
	}
	return nil
}

// decodedSize is how many bytes sd decodes to, up to limit+1. A stream only
// deflated is inflated into nothing here, as pdfcpu's decoder grows its buffer
// past the limit before checking it; others go through pdfcpu with the limit.
func decodedSize(sd *types.StreamDict, limit int64) (int64, error) {
	if fpl := sd.FilterPipeline; len(fpl) == 1 && fpl[0].Name == filter.Flate {
		zr, err := zlib.NewReader(bytes.NewReader(sd.Raw))
		if err != nil {
			return 0, err
		}
		defer zr.Close()
		n, err := io.Copy(io.Discard, io.LimitReader(zr, limit+1))
		if errors.Is(err, io.ErrUnexpectedEOF) {
			err = nil // a truncated stream: pdfcpu reads what there is
		}
		return n, err
	}
	b, err := sd.DecodeLengthWithLimit(-1, limit)
	return int64(len(b)), err
}

type tooManyPages struct{ n int }

func (e *tooManyPages) Error() string { return fmt.Sprintf("stamp: %d pages", e.n) }

// stampPDF writes lines as a watermark on every page of pdf and answers the
// new file. It refuses an encrypted or broken PDF, and one whose page tree
// counts more than maxStampPages, read before pdfcpu works on the pages.
func stampPDF(pdf []byte, lines []string) ([]byte, error) {
	pc, err := api.ReadContext(bytes.NewReader(pdf), pdfConfig())
	if err != nil {
		return nil, fmt.Errorf("stamp: read: %w", err)
	}
	if err := pc.EnsurePageCount(); err != nil {
		return nil, fmt.Errorf("stamp: page count: %w", err)
	}
	if pc.PageCount > maxStampPages {
		return nil, &tooManyPages{pc.PageCount}
	}
	if err := checkContentSize(pc, maxStampContent); err != nil {
		return nil, err
	}
	wm, err := api.TextWatermark(strings.Join(lines, "\n"), stampDescription, true, false, types.POINTS)
	if err != nil {
		return nil, fmt.Errorf("stamp: %w", err)
	}
	var out bytes.Buffer
	if err := api.AddWatermarks(bytes.NewReader(pdf), &out, nil, wm, pdfConfig()); err != nil {
		return nil, fmt.Errorf("stamp: %w", err)
	}
	return out.Bytes(), nil
}

// Protocol layout: A4 in points, Helvetica (a standard font every reader has).
const (
	protoPageW, protoPageH = 595, 842
	protoMargin            = 60
	protoFontSize          = 10
	protoLeading           = 14
	protoTitleSize         = 15
	protoWrap              = 95
)

// protocolPDF writes the Signature Protocol: the title and the rendered
// template's text, wrapped and paginated, in a small PDF 1.4 whose text is
// WinAnsi-encoded (every letter of Portuguese).
func protocolPDF(title, text string) []byte {
	var lines []string
	for _, para := range strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n") {
		lines = append(lines, wrapText(para, protoWrap)...)
	}
	perPage := (protoPageH - 2*protoMargin - 40) / protoLeading
	var pages [][]string
	for len(lines) > 0 || len(pages) == 0 {
		n := min(perPage, len(lines))
		pages = append(pages, lines[:n])
		lines = lines[n:]
	}
	var buf bytes.Buffer
	var offsets []int
	obj := func(body string) {
		offsets = append(offsets, buf.Len())
		fmt.Fprintf(&buf, "%d 0 obj\n%s\nendobj\n", len(offsets), body)
	}
	buf.WriteString("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
	// 1 catalog, 2 pages, 3 font, 4 bold font, then a page and its content per page.
	kids := make([]string, len(pages))
	for i := range pages {
		kids[i] = fmt.Sprintf("%d 0 R", 5+2*i)
	}
	obj("<< /Type /Catalog /Pages 2 0 R >>")
	obj(fmt.Sprintf("<< /Type /Pages /Kids [%s] /Count %d >>", strings.Join(kids, " "), len(pages)))
	obj("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
	obj("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>")
	for i, page := range pages {
		var content bytes.Buffer
		y := protoPageH - protoMargin
		if i == 0 {
			fmt.Fprintf(&content, "BT /F2 %d Tf %d %d Td (%s) Tj ET\n", protoTitleSize, protoMargin, y, pdfString(title))
			y -= 34
		}
		fmt.Fprintf(&content, "BT /F1 %d Tf %d TL %d %d Td\n", protoFontSize, protoLeading, protoMargin, y)
		for _, l := range page {
			fmt.Fprintf(&content, "(%s) '\n", pdfString(l))
		}
		content.WriteString("ET\n")
		obj(fmt.Sprintf("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %d %d] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents %d 0 R >>",
			protoPageW, protoPageH, 6+2*i))
		obj(fmt.Sprintf("<< /Length %d >>\nstream\n%sendstream", content.Len(), content.String()))
	}
	xref := buf.Len()
	fmt.Fprintf(&buf, "xref\n0 %d\n0000000000 65535 f \n", len(offsets)+1)
	for _, o := range offsets {
		fmt.Fprintf(&buf, "%010d 00000 n \n", o)
	}
	fmt.Fprintf(&buf, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(offsets)+1, xref)
	return buf.Bytes()
}

// pdfString encodes s in WinAnsi (a character it lacks becomes '?') and
// escapes it for a PDF literal string.
func pdfString(s string) string {
	enc := charmap.Windows1252.NewEncoder()
	var sb strings.Builder
	for _, r := range s {
		b, err := enc.Bytes([]byte(string(r)))
		if err != nil || len(b) != 1 {
			b = []byte{'?'}
		}
		switch c := b[0]; {
		case c == '(' || c == ')' || c == '\\':
			sb.WriteByte('\\')
			sb.WriteByte(c)
		case c < 0x20:
			sb.WriteByte(' ')
		default:
			sb.WriteByte(c)
		}
	}
	return sb.String()
}

// wrapText breaks a paragraph into lines of at most width characters at
// spaces (a longer word is cut); an empty paragraph is one empty line.
func wrapText(p string, width int) []string {
	words := strings.Fields(p)
	if len(words) == 0 {
		return []string{""}
	}
	var lines []string
	var cur []rune
	for _, w := range words {
		rw := []rune(w)
		for len(rw) > width {
			if len(cur) > 0 {
				lines = append(lines, string(cur))
				cur = nil
			}
			lines = append(lines, string(rw[:width]))
			rw = rw[width:]
		}
		switch {
		case len(cur) == 0:
			cur = rw
		case len(cur)+1+len(rw) <= width:
			cur = append(append(cur, ' '), rw...)
		default:
			lines = append(lines, string(cur))
			cur = rw
		}
	}
	if len(cur) > 0 {
		lines = append(lines, string(cur))
	}
	return lines
}
