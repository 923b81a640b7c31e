package workflow

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"mime"
	"net/http"
	"path"
	"strings"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
)

// read turns the rule's return value into the operation's result:
//
//	message  "text" or {message}
//	table    {columns: [{key, name}] or ["key"], rows: [{key: value}], message}
//	file     {file: {name, type, content, encoding: "base64"?}, message}
//
// A value of another shape is the rule's bug (500 workflow.badResult).
func (o *operation) read(ctx context.Context, raw json.RawMessage) (*OperationResult, error) {
	res := &OperationResult{Result: o.result()}
	bad := func(why string) error {
		return &httpx.Error{Status: http.StatusInternalServerError, Key: "workflow.badResult", Args: []any{"operation", o.Key},
			Cause: fmt.Errorf("operation %s returned %s: %s", o.Key, truncate(string(raw), 200), why)}
	}
	var shape struct {
		Message *string           `json:"message"`
		Columns []json.RawMessage `json:"columns"`
		Rows    []map[string]any  `json:"rows"`
		File    *struct {
			Name     string `json:"name"`
			Type     string `json:"type"`
			Content  string `json:"content"`
			Encoding string `json:"encoding"`
		} `json:"file"`
	}
	trimmed := bytes.TrimSpace(raw)
	switch {
	case len(trimmed) == 0 || string(trimmed) == "null":
	case trimmed[0] == '"':
		var msg string
		if err := json.Unmarshal(trimmed, &msg); err != nil {
			return nil, bad(err.Error())
		}
		shape.Message = &msg
	case trimmed[0] == '{':
		dec := json.NewDecoder(bytes.NewReader(trimmed))
		dec.UseNumber()
		if err := dec.Decode(&shape); err != nil {
			return nil, bad(err.Error())
		}
	default:
		return nil, bad("not a text or an object")
	}
	if shape.Message != nil {
		res.Message = truncate(strings.TrimSpace(*shape.Message), 4000)
	}
	switch res.Result {
	case "table":
		if shape.Columns == nil || shape.Rows == nil {
			return nil, bad("a table needs columns and rows")
		}
		for _, c := range shape.Columns {
			var col TableColumn
			var key string
			if json.Unmarshal(c, &key) == nil {
				col = TableColumn{Key: key, Name: key}
			} else if err := json.Unmarshal(c, &col); err != nil || col.Key == "" {
				return nil, bad("a column is a key or {key, name}")
			}
			if col.Name == "" {
				col.Name = col.Key
			}
			res.Columns = append(res.Columns, col)
		}
		res.Rows = shape.Rows
	case "file":
		f := shape.File
		if f == nil || strings.TrimSpace(f.Name) == "" {
			return nil, bad("a file needs a name")
		}
		content := []byte(f.Content)
		if f.Encoding == "base64" {
			b, err := base64.StdEncoding.DecodeString(f.Content)
			if err != nil {
				return nil, bad("content is not base64")
			}
			content = b
		}
		typ := f.Type
		if _, _, err := mime.ParseMediaType(typ); err != nil || typ == "" {
			typ = "application/octet-stream"
		}
		res.File = &File{Name: fileName(f.Name), Type: typ, Size: len(content), Content: content}
	}
	if res.Message == "" {
		res.Message = i18n.T(i18n.From(ctx), "workflow.operationDone")
	}
	return res, nil
}

// fileName keeps the last part of name, without control characters or
// quotes, so it fits a Content-Disposition header.
func fileName(name string) string {
	name = path.Base(strings.ReplaceAll(name, "\\", "/"))
	name = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f || r == '"' {
			return -1
		}
		return r
	}, name)
	if name == "" || name == "." || name == "/" {
		name = "resultado"
	}
	return truncate(name, 200)
}

func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n])
}
