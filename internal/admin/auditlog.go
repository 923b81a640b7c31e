package admin

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
)

// AuditFilter narrows the audit log. Action is an event kind or its prefix
// ending in "." ("admin.user."); From and To bound the period, To excluded.
type AuditFilter struct {
	UserID   int64      `json:"userId"`
	Action   string     `json:"action"`
	Entity   string     `json:"entity"`
	From     *time.Time `json:"from"`
	To       *time.Time `json:"to"`
	Page     int        `json:"page"`
	PageSize int        `json:"pageSize"`
}

// AuditEvent is a line of the audit log.
type AuditEvent struct {
	ID       int64           `json:"id"`
	At       time.Time       `json:"at"`
	UserID   *int64          `json:"userId"`
	Login    string          `json:"login"`
	Action   string          `json:"action"`
	Address  string          `json:"address"`
	Entity   string          `json:"entity"`
	EntityID *int64          `json:"entityId"`
	Detail   json.RawMessage `json:"detail"`
}

// AuditPage is one page of the log, newest first, and the number of events
// that match.
type AuditPage struct {
	Rows  []AuditEvent `json:"rows"`
	Total int          `json:"total"`
}

// Paging of the audit log.
const (
	defaultAuditPageSize = 50
	maxAuditPageSize     = 500
	// maxAuditExport bounds one CSV export; narrow the period for more.
	maxAuditExport = 100000
)

// where builds the filter's conditions: fixed SQL, values as parameters.
func (f AuditFilter) where() (string, []any, error) {
	if f.From != nil && f.To != nil && !f.To.After(*f.From) {
		return "", nil, httpx.Invalid("to", "admin.invalidPeriod")
	}
	conds := []string{"true"}
	var args []any
	add := func(cond string, v any) {
		args = append(args, v)
		conds = append(conds, strings.ReplaceAll(cond, "$?", "$"+strconv.Itoa(len(args))))
	}
	if f.UserID != 0 {
		add("user_id = $?", f.UserID)
	}
	if a := strings.TrimSpace(f.Action); a != "" {
		if strings.HasSuffix(a, ".") {
			add("starts_with(kind, $?)", a)
		} else {
			add("kind = $?", a)
		}
	}
	if e := strings.TrimSpace(f.Entity); e != "" {
		add("detail->>'entity' = $?", e)
	}
	if f.From != nil {
		add("at >= $?", *f.From)
	}
	if f.To != nil {
		add("at < $?", *f.To)
	}
	return strings.Join(conds, " AND "), args, nil
}

const auditColumns = `id, at, user_id, login, kind, address, coalesce(detail->>'entity', ''),
	CASE WHEN jsonb_typeof(detail->'entityId') = 'number' THEN (detail->>'entityId')::bigint END, detail`

// AuditLog answers a page of the log.
func (s *Service) AuditLog(ctx context.Context, a Actor, f AuditFilter) (AuditPage, error) {
	if err := allow(a); err != nil {
		return AuditPage{}, err
	}
	where, args, err := f.where()
	if err != nil {
		return AuditPage{}, err
	}
	if f.PageSize <= 0 {
		f.PageSize = defaultAuditPageSize
	}
	f.PageSize = min(f.PageSize, maxAuditPageSize)
	f.Page = max(f.Page, 0)
	out := AuditPage{}
	if err := s.db.QueryRow(ctx, `SELECT count(*) FROM audit_event WHERE `+where, args...).Scan(&out.Total); err != nil {
		return out, fmt.Errorf("audit log: %w", err)
	}
	n := len(args)
	rows, err := s.db.Query(ctx, `SELECT `+auditColumns+` FROM audit_event WHERE `+where+
		` ORDER BY at DESC, id DESC LIMIT $`+strconv.Itoa(n+1)+` OFFSET $`+strconv.Itoa(n+2),
		append(args, f.PageSize, f.Page*f.PageSize)...)
	if err != nil {
		return out, fmt.Errorf("audit log: %w", err)
	}
	if out.Rows, err = pgx.CollectRows(rows, pgx.RowToStructByPos[AuditEvent]); err != nil {
		return out, fmt.Errorf("audit log: %w", err)
	}
	return out, nil
}

// ExportAuditLog writes every matching event (up to maxAuditExport) as CSV.
func (s *Service) ExportAuditLog(ctx context.Context, a Actor, f AuditFilter, lang i18n.Lang, w io.Writer) error {
	if err := allow(a); err != nil {
		return err
	}
	where, args, err := f.where()
	if err != nil {
		return err
	}
	rows, err := s.db.Query(ctx, `SELECT `+auditColumns+` FROM audit_event WHERE `+where+
		` ORDER BY at DESC, id DESC LIMIT `+strconv.Itoa(maxAuditExport), args...)
	if err != nil {
		return fmt.Errorf("audit export: %w", err)
	}
	defer rows.Close()
	cw := csv.NewWriter(w)
	header := []string{"id", "at", "userId", "login", "action", "address", "entity", "entityId", "detail"}
	for i, h := range header {
		header[i] = i18n.T(lang, "admin.auditColumn."+h)
	}
	if err := cw.Write(header); err != nil {
		return err
	}
	for rows.Next() {
		var e AuditEvent
		if err := rows.Scan(&e.ID, &e.At, &e.UserID, &e.Login, &e.Action, &e.Address, &e.Entity, &e.EntityID, &e.Detail); err != nil {
			return fmt.Errorf("audit export: %w", err)
		}
		rec := []string{strconv.FormatInt(e.ID, 10), e.At.UTC().Format(time.RFC3339), optionalID(e.UserID), e.Login,
			e.Action, e.Address, e.Entity, optionalID(e.EntityID), string(e.Detail)}
		for i := range rec {
			rec[i] = csvSafe(rec[i])
		}
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("audit export: %w", err)
	}
	cw.Flush()
	return cw.Error()
}

func optionalID(id *int64) string {
	if id == nil {
		return ""
	}
	return strconv.FormatInt(*id, 10)
}

// csvSafe keeps a spreadsheet from reading a cell as a formula (OWASP CSV
// injection): a cell that starts with = + - @, a tab or a carriage return
// gets a leading apostrophe.
func csvSafe(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}
