package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"mime/multipart"
	"net/http"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/xuri/excelize/v2"
)

// excelRows is the size of the import and of the export: the goal
// (100,000 rows imported in under a minute) and the export's cap.
const excelRows = 100_000

// excelGoal is the goal for an import: the preview (every row
// checked) and the job that writes them, together.
const excelGoal = time.Minute

// excelHeading starts the report's section; -excel-only replaces just it.
const excelHeading = "## Excel import and export"

// excelRun is one import of excelRows rows into the demo type risk, and the
// export of those rows.
type excelRun struct {
	fileBytes   int
	preview     time.Duration // upload, read and check every row (the request)
	write       time.Duration // confirm to done: the job writing every row
	export      time.Duration // exportFullListToExcel of the imported rows, body read
	exportBytes int
	exportRows  int
}

type excelResult struct {
	runs    []excelRun
	err     string
	loadAvg string
}

// importStatus is the part of importExcel's answer the bench reads.
type importStatus struct {
	ImportID   int64  `json:"importId"`
	State      string `json:"state"`
	Message    string `json:"Message"`
	TotalRows  int    `json:"totalRows"`
	DoneRows   int    `json:"doneRows"`
	ErrorCount int    `json:"errorCount"`
	Errors     []struct {
		Row     int    `json:"row"`
		Message string `json:"message"`
	} `json:"errors"`
}

// benchExcel imports runs spreadsheets of excelRows rows into the demo type
// risk of the first project, each followed by the export of its rows. It
// writes 100,000 risks per run, so it runs after the phases that list risks.
// A failure is reported in the section, never ends the bench.
func benchExcel(ctx context.Context, cl *client, pool *pgxpool.Pool, runs int) *excelResult {
	res := &excelResult{loadAvg: loadAverage()}
	var comp, project int64
	if err := pool.QueryRow(ctx, `SELECT c.id, (SELECT min(id) FROM project)
		FROM component c WHERE c.key = 'risk' AND c.retired_at IS NULL ORDER BY c.id LIMIT 1`).Scan(&comp, &project); err != nil {
		res.err = fmt.Sprintf("the demo type risk and a project: %v", err)
		return res
	}
	// The preview of 100,000 rows runs in the request, longer than the bench client's 60 s bound.
	long := &http.Client{Timeout: 5 * time.Minute, Transport: cl.hc.Transport}
	for r := 1; r <= max(runs, 1); r++ {
		log.Printf("Excel: import %d of %s rows into risk, then their export", r, thousands(excelRows))
		run, err := excelOnce(ctx, cl, long, comp, project, fmt.Sprintf("Risco importado %d-", r))
		if err != nil {
			res.err = err.Error()
			log.Printf("Excel: %v", err)
			return res
		}
		log.Printf("Excel: preview %s, write %s, export %s", run.preview.Round(time.Millisecond), run.write.Round(time.Millisecond),
			run.export.Round(time.Millisecond))
		res.runs = append(res.runs, run)
	}
	return res
}

func excelOnce(ctx context.Context, cl *client, long *http.Client, comp, project int64, prefix string) (excelRun, error) {
	var run excelRun
	file, err := riskSheet(prefix)
	if err != nil {
		return run, err
	}
	run.fileBytes = len(file)

	var st importStatus
	t0 := time.Now()
	if err := cl.upload(ctx, long, "/api/genericItem/importExcel", map[string]string{"componentId": fmt.Sprint(comp), "projectId": fmt.Sprint(project)},
		"riscos.xlsx", file, &st); err != nil {
		return run, fmt.Errorf("preview: %w", err)
	}
	run.preview = time.Since(t0)
	if st.State != "previewed" || st.TotalRows != excelRows || st.ErrorCount != 0 {
		return run, fmt.Errorf("preview: state %s, %d rows, %d errors (%+v)", st.State, st.TotalRows, st.ErrorCount, st.Errors[:min(len(st.Errors), 3)])
	}

	t0 = time.Now()
	status, body, _, err := cl.call(ctx, http.MethodPost, "/api/genericItem/importExcel", map[string]any{"importId": st.ImportID, "confirm": true})
	if err != nil || status != http.StatusOK {
		return run, fmt.Errorf("confirm: %d %s %v", status, body, err)
	}
	for st.State != "done" {
		if st.State == "failed" {
			return run, fmt.Errorf("import failed: %s %+v", st.Message, st.Errors[:min(len(st.Errors), 3)])
		}
		if time.Since(t0) > 10*time.Minute {
			return run, fmt.Errorf("import not done after 10 minutes (%d of %d rows)", st.DoneRows, st.TotalRows)
		}
		select {
		case <-ctx.Done():
			return run, ctx.Err()
		case <-time.After(250 * time.Millisecond):
		}
		status, body, _, err := cl.call(ctx, http.MethodGet, fmt.Sprintf("/api/genericItem/getImportStatus?importId=%d", st.ImportID), nil)
		if err != nil || status != http.StatusOK {
			return run, fmt.Errorf("getImportStatus: %d %s %v", status, body, err)
		}
		if err := json.Unmarshal(body, &st); err != nil {
			return run, err
		}
	}
	run.write = time.Since(t0)

	// The imported rows only: their titles share the run's prefix.
	filter := map[string]any{"listControlData": map[string]any{"componentID": comp}, "componentID": comp, "projectId": project,
		"page": 0, "rowsPerPage": 50, "logicSeparator": "AND",
		"filters": []map[string]any{{"field": "Title", "operator": "startsWith", "value": prefix}}}
	payload, _ := json.Marshal(filter)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, cl.base+"/api/genericItem/exportFullListToExcel", bytes.NewReader(payload))
	if err != nil {
		return run, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+cl.token)
	t0 = time.Now()
	resp, err := long.Do(req)
	if err != nil {
		return run, fmt.Errorf("export: %w", err)
	}
	xlsx, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	run.export = time.Since(t0)
	if err != nil || resp.StatusCode != http.StatusOK {
		return run, fmt.Errorf("export: %d %.300s %v", resp.StatusCode, xlsx, err)
	}
	run.exportBytes = len(xlsx)
	if run.exportRows, err = dataRows(xlsx); err != nil {
		return run, fmt.Errorf("export: %w", err)
	}
	if run.exportRows != excelRows {
		return run, fmt.Errorf("export: %d rows, want %d", run.exportRows, excelRows)
	}
	return run, nil
}

// riskSheet is a spreadsheet of excelRows risks as a person would fill it:
// headers in pt-BR, the impact by its text, numbers as numbers.
func riskSheet(prefix string) ([]byte, error) {
	f := excelize.NewFile()
	defer f.Close()
	sw, err := f.NewStreamWriter("Sheet1")
	if err != nil {
		return nil, err
	}
	if err := sw.SetRow("A1", []any{"Título", "Probabilidade", "Impacto", "Mitigação", "Exposição"}); err != nil {
		return nil, err
	}
	impacts := []string{"Baixo", "Moderado", "Crítico"}
	for i := 1; i <= excelRows; i++ {
		cell, _ := excelize.CoordinatesToCellName(1, i+1)
		row := []any{fmt.Sprintf("%s%06d", prefix, i), i % 101, impacts[i%3], fmt.Sprintf("Plano de mitigação %d", i), float64(i%10_000) / 4}
		if err := sw.SetRow(cell, row); err != nil {
			return nil, err
		}
	}
	if err := sw.Flush(); err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := f.Write(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// dataRows counts the rows below the header of a workbook's first sheet.
func dataRows(xlsx []byte) (int, error) {
	f, err := excelize.OpenReader(bytes.NewReader(xlsx))
	if err != nil {
		return 0, err
	}
	defer f.Close()
	rows, err := f.Rows(f.GetSheetList()[0])
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		n++
	}
	return n - 1, rows.Error()
}

// upload posts a multipart form (fields, then the file) and decodes the JSON answer.
func (c *client) upload(ctx context.Context, hc *http.Client, path string, fields map[string]string, name string, data []byte, out any) error {
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	for _, k := range slices.Sorted(func(yield func(string) bool) {
		for k := range fields {
			if !yield(k) {
				return
			}
		}
	}) {
		if err := mw.WriteField(k, fields[k]); err != nil {
			return err
		}
	}
	part, err := mw.CreateFormFile("file", name)
	if err != nil {
		return err
	}
	if _, err := part.Write(data); err != nil {
		return err
	}
	if err := mw.Close(); err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+path, &body)
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set("Authorization", "Bearer "+c.token)
	req.Header.Set("Accept-Language", "pt-BR")
	resp, err := hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return err
	}
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("%s: %d %.300s", path, resp.StatusCode, b)
	}
	return json.Unmarshal(b, out)
}

// markdown is the report's section (empty when the phase did not run).
func (x *excelResult) markdown() string {
	if x == nil {
		return ""
	}
	var b strings.Builder
	p := func(format string, a ...any) { fmt.Fprintf(&b, format+"\n", a...) }
	p("%s (%s rows)", excelHeading, thousands(excelRows))
	p("")
	p("Goal: %s rows imported in under %s — the preview (upload, read, every row checked as saveItem checks, nothing", thousands(excelRows), "a minute")
	p("written) plus the background job that writes them all in one transaction. Rows into the demo type `risk` of the")
	p("first project (title, percent, picklist by its text, text, decimal); the export is exportFullListToExcel of the")
	p("imported rows (a title filter), the whole body read and its rows counted. Load average (1 min) when it started: %s.", x.loadAvg)
	p("")
	if x.err != "" {
		p("Error: %s", x.err)
		p("")
	}
	if len(x.runs) == 0 {
		return b.String()
	}
	p("| Run | File | Preview | Write (job) | Import total | Goal | Export | Export file |")
	p("|---|---:|---:|---:|---:|---|---:|---:|")
	var previews, writes, totals, exports []time.Duration
	for i, r := range x.runs {
		total := r.preview + r.write
		p("| %d | %s | %s | %s | %s | %s | %s | %s |", i+1, mb(r.fileBytes), secs(r.preview), secs(r.write), secs(total),
			verdict(total < excelGoal), secs(r.export), mb(r.exportBytes))
		previews, writes, totals, exports = append(previews, r.preview), append(writes, r.write), append(totals, total), append(exports, r.export)
	}
	if len(x.runs) > 1 {
		p("| p50 of %d | | %s | %s | %s | %s | %s | |", len(x.runs), secs(median(previews)), secs(median(writes)), secs(median(totals)),
			verdict(median(totals) < excelGoal), secs(median(exports)))
	}
	p("")
	return b.String()
}

// thousands writes n with commas, as the rest of the report's text does.
func thousands(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

func secs(d time.Duration) string { return fmt.Sprintf("%.1f s", d.Seconds()) }

func mb(n int) string { return fmt.Sprintf("%.1f MB", float64(n)/1e6) }

// writeSection puts the section starting with heading in the report at path
// in place of the one there (or before the method), leaving every other
// figure as it was: -excel-only and -schedule-only refresh theirs alone.
func writeSection(path, heading, section string) error {
	old, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	text := string(old)
	if start := strings.Index(text, heading); start >= 0 {
		end := len(text)
		if next := strings.Index(text[start+len(heading):], "\n## "); next >= 0 {
			end = start + len(heading) + next + 1
		}
		text = text[:start] + section + text[end:]
	} else if at := strings.Index(text, "## Method"); at >= 0 {
		text = text[:at] + section + text[at:]
	} else {
		text += "\n" + section
	}
	return os.WriteFile(path, []byte(text), 0o644)
}

// excelOnly is the -excel-only run: the Excel phase alone, its section
// printed and written into the report in place of the old one.
func excelOnly(ctx context.Context, o options, cl *client, pool *pgxpool.Pool) error {
	section := benchExcel(ctx, cl, pool, o.excelRuns).markdown()
	fmt.Println(section)
	if o.out == "" {
		return nil
	}
	if err := writeSection(o.out, excelHeading, section); err != nil {
		return err
	}
	log.Printf("wrote the Excel section of %s", o.out)
	return nil
}
