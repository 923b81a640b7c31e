package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/xuri/excelize/v2"

	"github.com/tramita/tramita/internal/items/table"
	"github.com/tramita/tramita/internal/testkit"
)

// Issue 9, faults: the real binary is killed with SIGKILL in the middle of
// work that must land whole or not at all, then started again.
//
// Each case makes the kill land at the worst moment on purpose rather than
// by luck: the test holds a lock on a row or table the work needs next, waits
// until PostgreSQL shows the work's transaction blocked there with its
// writes made and not committed, and kills the process then.
func TestKillDuringWork(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	bin := filepath.Join(t.TempDir(), "tramita")
	build := exec.Command("go", "build", "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	t.Run("excel import", func(t *testing.T) { testKillDuringImport(t, bin) })
	t.Run("workflow transition", func(t *testing.T) { testKillDuringTransition(t, bin) })
}

// faultPackage is a type with a form (Excel imports match its labels) and an
// action whose rule sends a message for each item, after every item moved.
const faultPackage = `
key: faults
application: {name: {pt-BR: Falhas, en: Faults}}
groups: [Todos]
components:
  - key: note
    name: {pt-BR: Nota, en: Note}
    permissions:
      - {group: Todos, rights: [read, create, update]}
    attributes:
      - {key: detail, name: {pt-BR: Detalhe, en: Detail}, type: STRING}
    statuses:
      - {key: open, name: {pt-BR: Aberta, en: Open}, initial: true}
      - {key: closed, name: {pt-BR: Fechada, en: Closed}, final: true}
    actions:
      - key: close
        name: {pt-BR: Fechar, en: Close}
        from: [open]
        to: closed
        rule: |
          messages.send(item.CreatorID, "Fechada: " + item.Title, "");
    forms:
      - key: default
        name: {pt-BR: Nota, en: Note}
        tree:
          kind: panel
          children:
            - {kind: textbox, field: Title, required: true}
            - {kind: textbox, field: detail}
`

const killAdminPassword = "Kill-Test-Admin-2025!"

// killWorld is a database, the binary's environment and the test's own
// connections (named, so the binary's backends can be told apart).
type killWorld struct {
	t    *testing.T
	bin  string
	env  []string
	db   *pgxpool.Pool
	note int64
}

func newKillWorld(t *testing.T, bin string) *killWorld {
	t.Helper()
	url := testkit.DatabaseURL(t)
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		t.Fatal(err)
	}
	cfg.ConnConfig.RuntimeParams["application_name"] = "kill-test"
	db, err := pgxpool.NewWithConfig(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(db.Close)
	w := &killWorld{t: t, bin: bin, db: db, env: []string{
		"PATH=" + os.Getenv("PATH"), "HOME=" + os.Getenv("HOME"),
		"DATABASE_URL=" + url, "TRAMITA_ADDR=127.0.0.1:0", "TRAMITA_DATA_DIR=" + t.TempDir(),
		"TRAMITA_ADMIN_PASSWORD=" + killAdminPassword, "TRAMITA_DEMO=false", "TRAMITA_LOG_LEVEL=info",
	}}
	path := filepath.Join(t.TempDir(), "faults.yaml")
	if err := os.WriteFile(path, []byte(faultPackage), 0o600); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := runWith([]string{"apps", "import", path}, map[string]string{"DATABASE_URL": url, "TRAMITA_LOG_LEVEL": "error"}); code != 0 {
		t.Fatalf("apps import: %d %s", code, stderr)
	}
	w.note = w.int(`SELECT id FROM component WHERE key = 'note'`)
	return w
}

func (w *killWorld) int(sql string, args ...any) int64 {
	w.t.Helper()
	var n int64
	if err := w.db.QueryRow(context.Background(), sql, args...).Scan(&n); err != nil {
		w.t.Fatalf("%s: %v", sql, err)
	}
	return n
}

// waitFor polls cond until it holds; the bound is generous, as the machine
// may be busy, and never part of what is asserted.
func (w *killWorld) waitFor(what string, cond func() bool) {
	w.t.Helper()
	deadline := time.Now().Add(90 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			w.t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// tramita is a running binary.
type tramita struct {
	cmd  *exec.Cmd
	url  string
	done chan struct{}
	mu   sync.Mutex
	log  bytes.Buffer
}

var readyLine = regexp.MustCompile(`msg="tramita ready" url=(http://\S+)`)

// start runs `tramita serve` and waits until it accepts requests.
func (w *killWorld) start() *tramita {
	w.t.Helper()
	p := &tramita{cmd: exec.Command(w.bin, "serve"), done: make(chan struct{})}
	p.cmd.Env = w.env
	stderr, err := p.cmd.StderrPipe()
	if err != nil {
		w.t.Fatal(err)
	}
	if err := p.cmd.Start(); err != nil {
		w.t.Fatal(err)
	}
	ready := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			p.mu.Lock()
			p.log.WriteString(sc.Text() + "\n")
			p.mu.Unlock()
			if m := readyLine.FindStringSubmatch(sc.Text()); m != nil {
				ready <- m[1]
			}
		}
		_ = p.cmd.Wait()
		close(p.done)
	}()
	w.t.Cleanup(func() {
		_ = p.cmd.Process.Kill()
		<-p.done
		if w.t.Failed() {
			w.t.Logf("tramita's log:\n%s", p.logText())
		}
	})
	select {
	case p.url = <-ready:
	case <-p.done:
		w.t.Fatalf("tramita stopped before it was ready:\n%s", p.logText())
	case <-time.After(2 * time.Minute):
		w.t.Fatalf("tramita not ready:\n%s", p.logText())
	}
	return p
}

func (p *tramita) logText() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.log.String()
}

// kill9 kills the process with SIGKILL: no deferred function, no shutdown,
// no rollback of its own runs.
func (p *tramita) kill9(t *testing.T) {
	t.Helper()
	if err := p.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	<-p.done
}

// call sends one API request as token; body is JSON unless contentType says.
func (p *tramita) call(t *testing.T, method, path, token, contentType string, body io.Reader) (int, []byte, error) {
	t.Helper()
	req, err := http.NewRequest(method, p.url+path, body)
	if err != nil {
		t.Fatal(err)
	}
	if contentType == "" {
		contentType = "application/json"
	}
	req.Header.Set("Content-Type", contentType)
	req.Header.Set("Accept-Language", "en")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := (&http.Client{Timeout: 2 * time.Minute}).Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	return res.StatusCode, b, err
}

// must is call that must answer 200.
func (p *tramita) must(t *testing.T, method, path, token, contentType string, body io.Reader, out any) {
	t.Helper()
	code, b, err := p.call(t, method, path, token, contentType, body)
	if err != nil || code != http.StatusOK {
		t.Fatalf("%s %s: %d %v %s", method, path, code, err, b)
	}
	if out != nil {
		if err := json.Unmarshal(b, out); err != nil {
			t.Fatalf("%s %s: %v in %s", method, path, err, b)
		}
	}
}

func (p *tramita) signIn(t *testing.T) string {
	t.Helper()
	code, body, err := p.call(t, "POST", "/api/users/authenticate", "", "",
		strings.NewReader(`{"UserName":"admin","Password":"`+killAdminPassword+`"}`))
	raw, _ := base64.StdEncoding.DecodeString(string(body))
	var r struct {
		Token string `json:"token"`
	}
	if err != nil || code != http.StatusOK || json.Unmarshal(raw, &r) != nil || r.Token == "" {
		t.Fatalf("sign-in: %d %v %s", code, err, body)
	}
	return r.Token
}

// blocked is the pid of the binary's backend waiting for a lock while
// running query (a prefix), once there is one.
func (w *killWorld) blocked(query string) (int32, bool) {
	var pid int32
	err := w.db.QueryRow(context.Background(), `SELECT pid FROM pg_stat_activity
		WHERE datname = current_database() AND application_name <> 'kill-test'
		  AND wait_event_type = 'Lock' AND ltrim(query) LIKE $1 || '%'`, query).Scan(&pid)
	return pid, err == nil
}

// writing reports whether a transaction of the binary has written rows it
// has not committed (PostgreSQL gives a transaction an id at its first
// write).
func (w *killWorld) writing() bool {
	return w.int(`SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()
		AND application_name <> 'kill-test' AND backend_xid IS NOT NULL`) > 0
}

// waitBackendsGone waits until the killed binary's connections are closed,
// so what the test reads is what the next start finds.
func (w *killWorld) waitBackendsGone(pids []int32) {
	w.t.Helper()
	w.waitFor("the killed binary's backends to end", func() bool {
		return w.int(`SELECT count(*) FROM pg_stat_activity WHERE pid = ANY($1)`, pids) == 0
	})
}

// binaryBackends are the pids of the binary's connections.
func (w *killWorld) binaryBackends() []int32 {
	w.t.Helper()
	rows, err := w.db.Query(context.Background(), `SELECT pid FROM pg_stat_activity
		WHERE datname = current_database() AND application_name <> 'kill-test' AND backend_type = 'client backend'`)
	if err != nil {
		w.t.Fatal(err)
	}
	pids, err := pgx.CollectRows(rows, pgx.RowTo[int32])
	if err != nil {
		w.t.Fatal(err)
	}
	return pids
}

// importRows is enough rows for several of the import's batches (1,000
// rows each) to be written before the kill.
const importRows = 3000

func testKillDuringImport(t *testing.T, bin string) {
	w := newKillWorld(t, bin)
	ctx := context.Background()
	p := w.start()
	token := p.signIn(t)

	book := excelize.NewFile()
	rows := [][]any{{"Título", "Detalhe"}}
	for i := 1; i <= importRows; i++ {
		rows = append(rows, []any{fmt.Sprintf("Importada %d", i), "linha da planilha"})
	}
	for i, row := range rows {
		cell, _ := excelize.CoordinatesToCellName(1, i+1)
		if err := book.SetSheetRow("Sheet1", cell, &row); err != nil {
			t.Fatal(err)
		}
	}
	var sheet bytes.Buffer
	if err := book.Write(&sheet); err != nil {
		t.Fatal(err)
	}
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	_ = mw.WriteField("componentId", fmt.Sprint(w.note))
	fw, _ := mw.CreateFormFile("file", "notas.xlsx")
	_, _ = fw.Write(sheet.Bytes())
	_ = mw.Close()
	var preview struct {
		ImportID   int64 `json:"importId"`
		TotalRows  int   `json:"totalRows"`
		ErrorCount int   `json:"errorCount"`
	}
	p.must(t, "POST", "/api/genericItem/importExcel", token, mw.FormDataContentType(), &body, &preview)
	if preview.TotalRows != importRows || preview.ErrorCount != 0 {
		t.Fatalf("preview: %+v", preview)
	}

	// The import writes every row in one transaction and reports its progress
	// on the import's row, outside it, every 1,000 rows. Holding that row
	// stops the job at its first report (or its last write) with rows
	// written and not committed.
	p.must(t, "POST", "/api/genericItem/importExcel", token, "", strings.NewReader(fmt.Sprintf(`{"importId": %d, "confirm": true}`, preview.ImportID)), nil)
	w.waitFor("the import to start", func() bool {
		return w.int(`SELECT count(*) FROM item_import WHERE id = $1 AND state = 'running'`, preview.ImportID) == 1
	})
	hold, err := w.db.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = hold.Rollback(ctx) }()
	var state string
	if err := hold.QueryRow(ctx, `SELECT state FROM item_import WHERE id = $1 FOR UPDATE`, preview.ImportID).Scan(&state); err != nil || state != "running" {
		t.Fatalf("the import finished before the test held it (%s, %v): the kill would prove nothing", state, err)
	}
	w.waitFor("the import to block with its rows written", func() bool {
		_, ok := w.blocked("UPDATE item_import")
		return ok && w.writing()
	})
	backends := w.binaryBackends()
	p.kill9(t)
	if err := hold.Rollback(ctx); err != nil {
		t.Fatal(err)
	}
	w.waitBackendsGone(backends)

	// Nothing of the import survived the kill, and its state still says
	// running: only the next start can tell the user.
	if n := w.int(`SELECT count(*) FROM item WHERE component_id = $1`, w.note); n != 0 {
		t.Fatalf("%d of %d rows committed by a killed import", n, importRows)
	}
	if n := w.int(`SELECT count(*) FROM job WHERE kind = 'items.import' AND state = 'pending' AND locked_until > now() + interval '1 minute'`); n != 1 {
		t.Fatalf("the killed import's job is not leased (%d): nothing to recover", n)
	}

	p = w.start()
	token = p.signIn(t)
	var st struct {
		State   string `json:"state"`
		Message string `json:"Message"`
	}
	w.waitFor("the interrupted import to be reported", func() bool {
		p.must(t, "GET", fmt.Sprintf("/api/genericItem/getImportStatus?importId=%d", preview.ImportID), token, "", nil, &st)
		return st.State != "running"
	})
	const want = "The import was interrupted because the server stopped while writing it; no row was saved. Send the spreadsheet again."
	if st.State != "failed" || st.Message != want {
		t.Errorf("after the restart: %q %q, want failed %q", st.State, st.Message, want)
	}
	if n := w.int(`SELECT count(*) FROM item WHERE component_id = $1`, w.note); n != 0 {
		t.Errorf("%d rows after the restart, want none", n)
	}
	// The job's row is written after its handler returns, which reported the
	// import failed first: wait for it.
	var jobState, jobError string
	w.waitFor("the interrupted import's job to fail", func() bool {
		err := w.db.QueryRow(ctx, `SELECT state, coalesce(last_error, '') FROM job WHERE kind = 'items.import'`).Scan(&jobState, &jobError)
		return err == nil && jobState != "pending"
	})
	if jobState != "failed" || !strings.Contains(jobError, "interrupted") {
		t.Errorf("job: %q %q", jobState, jobError)
	}
}

// transitionItems is the most ids one triggerAction takes (workflow.MaxIDs).
const transitionItems = 500

func testKillDuringTransition(t *testing.T, bin string) {
	w := newKillWorld(t, bin)
	ctx := context.Background()
	p := w.start()
	token := p.signIn(t)
	admin := w.int(`SELECT id FROM app_user WHERE login = 'admin'`)
	open := w.int(`SELECT id FROM item_status WHERE component_id = $1 AND key = 'open'`, w.note)
	rows, err := w.db.Query(ctx, `INSERT INTO item (component_id, number, title, status_id, creator_id, modifier_id)
		SELECT $1, n, 'Nota ' || n, $2, $3, $3 FROM generate_series(1, $4::int) n RETURNING id`, w.note, open, admin, transitionItems)
	if err != nil {
		t.Fatal(err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		t.Fatal(err)
	}
	// The items hold no values: their rows of the type's table, as the core writes them.
	if err := table.Copy(ctx, w.db, w.note); err != nil {
		t.Fatal(err)
	}
	if _, err := w.db.Exec(ctx, `UPDATE component SET last_number = $2 WHERE id = $1`, w.note, transitionItems); err != nil {
		t.Fatal(err)
	}
	body, _ := json.Marshal(map[string]any{"ids": ids, "componentId": w.note, "action": map[string]string{"key": "close"}})

	// The transition moves every item, then sends the rule's messages in the
	// same transaction. Holding the message table stops it there, with all
	// 500 moves and versions written and not committed.
	hold, err := w.db.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = hold.Rollback(ctx) }()
	if _, err := hold.Exec(ctx, `LOCK TABLE message IN SHARE MODE`); err != nil {
		t.Fatal(err)
	}
	answered := make(chan string, 1)
	go func() {
		code, b, err := p.call(t, "POST", "/api/genericItem/triggerAction", token, "", bytes.NewReader(body))
		answered <- fmt.Sprintf("%d %v %s", code, err, b)
	}()
	w.waitFor("the transition to block with every item moved", func() bool {
		_, ok := w.blocked("INSERT INTO message")
		return ok && w.writing()
	})
	select {
	case a := <-answered:
		t.Fatalf("the transition answered before the kill: %s", a)
	default:
	}
	backends := w.binaryBackends()
	p.kill9(t)
	if a := <-answered; strings.HasPrefix(a, "200") {
		t.Fatalf("a killed transition answered %s", a)
	}
	if err := hold.Rollback(ctx); err != nil {
		t.Fatal(err)
	}
	w.waitBackendsGone(backends)
	p = w.start()
	token = p.signIn(t)

	// None moved: every item open at version 1, no version, no message.
	if n := w.int(`SELECT count(*) FROM item WHERE component_id = $1 AND status_id = $2 AND version = 1`, w.note, open); n != transitionItems {
		t.Errorf("%d of %d items untouched after the kill", n, transitionItems)
	}
	if n := w.int(`SELECT count(*) FROM item_version v JOIN item i ON i.id = v.item_id WHERE i.component_id = $1`, w.note); n != 0 {
		t.Errorf("%d versions of a killed transition", n)
	}
	if n := w.int(`SELECT count(*) FROM message`); n != 0 {
		t.Errorf("%d messages of a killed transition", n)
	}

	// The restarted server runs the same transition whole: every item
	// closed at version 2 with its one version row, and the rule's messages.
	var res struct {
		Message string `json:"Message"`
		Items   []any  `json:"items"`
	}
	p.must(t, "POST", "/api/genericItem/triggerAction", token, "", bytes.NewReader(body), &res)
	if len(res.Items) != transitionItems {
		t.Fatalf("after the restart: %d items moved: %s", len(res.Items), res.Message)
	}
	if n := w.int(`SELECT count(*) FROM item i JOIN item_status s ON s.id = i.status_id
		WHERE i.component_id = $1 AND s.key = 'closed' AND i.version = 2
		  AND (SELECT count(*) FROM item_version v WHERE v.item_id = i.id) = 1
		  AND EXISTS (SELECT 1 FROM item_version v WHERE v.item_id = i.id AND v.version = 2 AND v.operation = 'action'
		      AND v.status_id = i.status_id)`, w.note); n != transitionItems {
		t.Errorf("%d of %d items closed with a consistent version", n, transitionItems)
	}
	if n := w.int(`SELECT count(*) FROM message`); n != transitionItems {
		t.Errorf("%d messages, want %d", n, transitionItems)
	}
}
