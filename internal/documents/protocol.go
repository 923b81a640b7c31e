package documents

import (
	"context"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/items"
)

// ProtocolTemplateSetting is the platform setting holding the Signature
// Protocol's template (empty: not configured).
const ProtocolTemplateSetting = "signatureProtocolTemplate"

// ProtocolPlaceholders are the {name}s a Signature Protocol template may
// use (pt-BR and en names, in no order): what the administration's
// settings editor accepts in signatureProtocolTemplate.
func ProtocolPlaceholders() []string {
	values := protocolValues(&Attachment{}, Signature{}, SignClient{}, "pt-br")
	names := make([]string, 0, len(values))
	for name := range values {
		names = append(names, name)
	}
	return names
}

// UnknownProtocolPlaceholders lists the {names} of template that signing
// would not fill, as written, each once.
func UnknownProtocolPlaceholders(template string) []string {
	known := ProtocolPlaceholders()
	var out []string
	eachPlaceholder(template, func(_, name, written string) {
		if !slices.Contains(known, name) && !slices.Contains(out, written) {
			out = append(out, written)
		}
	})
	return out
}

// eachPlaceholder reads template as the protocol is rendered: fn gets the
// text before each {name}, the name (trimmed, lower case) and the
// placeholder as written; the text after the last one is returned.
func eachPlaceholder(template string, fn func(text, name, written string)) string {
	for {
		open := strings.IndexByte(template, '{')
		if open < 0 {
			return template
		}
		end := strings.IndexByte(template[open:], '}')
		if end < 0 {
			return template
		}
		fn(template[:open], strings.ToLower(strings.TrimSpace(template[open+1:open+end])), template[open:open+end+1])
		template = template[open+end+1:]
	}
}

func protocolURL(id int64) string {
	return "/api/genericItem/downloadSignatureProtocol?signatureId=" + strconv.FormatInt(id, 10)
}

// protocolValues are the template's placeholders, by their pt-BR and en names.
func protocolValues(a *Attachment, s Signature, client SignClient, lang string) map[string]string {
	location := "-"
	if s.Latitude != nil && s.Longitude != nil {
		location = strconv.FormatFloat(*s.Latitude, 'f', 6, 64) + ", " + strconv.FormatFloat(*s.Longitude, 'f', 6, 64)
	}
	date := s.SignedAt.Format("02/01/2006 15:04:05") + " UTC"
	if lang == "en" {
		date = s.SignedAt.Format("2006-01-02 15:04:05") + " UTC"
	}
	v := map[string]string{
		"arquivo": oneLine(a.Name), "versao": strconv.Itoa(s.Version), "hash": s.SHA256, "item": strconv.FormatInt(a.ItemID, 10),
		"signatario": oneLine(s.SignerName), "login": oneLine(s.SignerLogin), "data": date, "codigo": s.Code, "local": location,
		"endereco": oneLine(client.Address),
	}
	for pt, en := range map[string]string{"arquivo": "file", "versao": "version", "signatario": "signer", "data": "date",
		"codigo": "code", "local": "location", "endereco": "address"} {
		v[en] = v[pt]
	}
	return v
}

// renderProtocol fills {name} placeholders; unknown ones stay as written.
func renderProtocol(template string, values map[string]string) string {
	var sb strings.Builder
	rest := eachPlaceholder(template, func(text, name, written string) {
		sb.WriteString(text)
		if v, ok := values[name]; ok {
			sb.WriteString(v)
		} else {
			sb.WriteString(written)
		}
	})
	sb.WriteString(rest)
	return sb.String()
}

// Protocol answers downloadSignatureProtocol: the Signature Protocol of a
// signature of a readable file, as a PDF.
func (f *Files) Protocol(ctx context.Context, c items.Caller, signatureID int64) (name string, pdf []byte, err error) {
	if signatureID <= 0 {
		return "", nil, httpx.Invalid("signatureId", "error.idInvalid", "field", "signatureId")
	}
	fileID, protocol, code, err := f.store.protocolOf(ctx, signatureID)
	if err != nil {
		return "", nil, err
	}
	if _, err := f.file(ctx, c, fileID); err != nil {
		return "", nil, err
	}
	if protocol == nil {
		return "", nil, httpx.Fail(http.StatusNotFound, "files.noProtocol")
	}
	title := httpxText(ctx, "files.protocolTitle")
	return title + " " + code + ".pdf", protocolPDF(title, *protocol), nil
}
