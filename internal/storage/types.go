package storage

import (
	"bytes"
	"net/http"
	"path"
	"strings"
	"unicode"
	"unicode/utf8"
)

// SniffLen is how many leading bytes Sniff needs.
const SniffLen = 512

// oleMagic starts the old Office formats (.doc, .xls, .ppt, .msg).
var oleMagic = []byte{0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1}

// accepted maps an extension to the content types its content may sniff as;
// a file must agree with both. HTML, SVG, scripts and executables are never
// accepted, as a browser could run them from our origin.
var accepted = map[string][]string{
	".png": {"image/png"}, ".jpg": {"image/jpeg"}, ".jpeg": {"image/jpeg"}, ".gif": {"image/gif"},
	".webp": {"image/webp"}, ".bmp": {"image/bmp"},
	".pdf":  {"application/pdf"},
	".docx": {"application/zip"}, ".xlsx": {"application/zip"}, ".pptx": {"application/zip"},
	".odt": {"application/zip"}, ".ods": {"application/zip"}, ".odp": {"application/zip"}, ".zip": {"application/zip"},
	".doc": {"application/x-ole-storage"}, ".xls": {"application/x-ole-storage"}, ".ppt": {"application/x-ole-storage"},
	".msg": {"application/x-ole-storage"},
	".txt": {"text/plain"}, ".csv": {"text/plain"}, ".log": {"text/plain"}, ".md": {"text/plain"},
	".mp3": {"audio/mpeg"}, ".mp4": {"video/mp4"}, ".wav": {"audio/wave"},
}

// served is the Content-Type a download carries for an extension; zip
// containers are named for what they hold.
var served = map[string]string{
	".docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
	".xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
	".pptx": "application/vnd.openxmlformats-officedocument.presentationml.presentation",
	".odt":  "application/vnd.oasis.opendocument.text",
	".ods":  "application/vnd.oasis.opendocument.spreadsheet",
	".odp":  "application/vnd.oasis.opendocument.presentation",
	".doc":  "application/msword", ".xls": "application/vnd.ms-excel", ".ppt": "application/vnd.ms-powerpoint",
	".msg": "application/vnd.ms-outlook", ".csv": "text/csv; charset=utf-8",
}

// Sniff decides from a file's name and its first bytes (SniffLen) whether
// it is accepted, and the Content-Type it is served with.
func Sniff(name string, head []byte) (string, bool) {
	ext := strings.ToLower(path.Ext(name))
	want, ok := accepted[ext]
	if !ok || len(head) == 0 {
		return "", false
	}
	got := http.DetectContentType(head)
	if bytes.HasPrefix(head, oleMagic) {
		got = "application/x-ole-storage"
	}
	got, _, _ = strings.Cut(got, ";")
	for _, w := range want {
		if got != w {
			continue
		}
		if t, ok := served[ext]; ok {
			return t, true
		}
		if w == "text/plain" {
			return "text/plain; charset=utf-8", true
		}
		return w, true
	}
	return "", false
}

// CleanName is a client's file name made safe to keep and show: its last
// path element, control characters removed, at most 200 characters.
func CleanName(name string) string {
	name = strings.ReplaceAll(name, "\\", "/")
	name = path.Base(name)
	name = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || r == utf8.RuneError || r == '"' {
			return -1
		}
		return r
	}, name)
	name = strings.TrimSpace(name)
	if name == "." || name == "/" || name == ".." {
		name = ""
	}
	if r := []rune(name); len(r) > 200 {
		ext := []rune(path.Ext(name))
		if len(ext) > 20 {
			ext = nil
		}
		name = string(r[:200-len(ext)]) + string(ext)
	}
	return name
}

// ContentDisposition is the header of a download of name (RFC 6266): an
// ASCII fallback in filename and the exact name in filename*.
func ContentDisposition(disposition, name string) string {
	fallback := strings.Map(func(r rune) rune {
		if r < 0x20 || r > 0x7e || r == '"' || r == '\\' || r == '%' || r == ';' {
			return '_'
		}
		return r
	}, name)
	return disposition + `; filename="` + fallback + `"; filename*=UTF-8''` + extValue(name)
}

// extValue percent-encodes every byte that is not an attr-char of RFC 8187.
func extValue(s string) string {
	const hexDigits = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("!#$&+-.^_`|~", c) >= 0 {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(hexDigits[c>>4])
		b.WriteByte(hexDigits[c&15])
	}
	return b.String()
}
