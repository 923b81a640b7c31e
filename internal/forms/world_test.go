package forms_test

import (
	"context"
	"strconv"
	"testing"

	"github.com/tramita/tramita/internal/testkit/itemstest"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tramita/tramita/internal/forms"
	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
	"github.com/tramita/tramita/internal/items"
	"github.com/tramita/tramita/internal/testkit"
)

func TestMain(m *testing.M) { testkit.Main(m) }

// world is the demo installation at 2025-06-01 12:00 UTC: ana writes every
// demo project, bia reads "Transformação Digital" only, secret is "Nova Sede";
// svc is the item core, forms the relations over it.
type world struct {
	db       *pgxpool.Pool
	svc      *items.Service
	forms    *forms.Service
	ana, bia items.Caller
	task     int64
	secret   int64
}

func newWorld(t *testing.T) *world {
	t.Helper()
	d := itemstest.New(t)
	return &world{db: d.DB, svc: d.Core, forms: forms.NewService(d.Core, d.DB), ana: d.Ana, bia: d.Bia, task: d.Task, secret: d.Secret}
}

func (w *world) project(t *testing.T, name string) int64 {
	t.Helper()
	var id int64
	if err := w.db.QueryRow(context.Background(), `SELECT id FROM project WHERE name = $1`, name).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}

// newTask saves a task of "Transformação Digital" as ana, with values over
// a title and a priority.
func (w *world) newTask(t *testing.T, values items.Values) *items.SaveItemResult {
	t.Helper()
	base := items.Values{"Title": "Migrar o ERP", "priority": "high"}
	for k, v := range values {
		base[k] = v
	}
	res, err := w.svc.SaveItem(context.Background(), w.ana, items.SaveItemInput{Item: base, Component: httpx.ID(w.task),
		ProjectID: httpx.ID(w.project(t, "Transformação Digital"))})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// find returns the control bound to field (or with kind, when field is "").
func find(c items.FormControl, field, kind string) *items.FormControl {
	if (field != "" && c.Field == field && (kind == "" || c.Kind == kind)) || (field == "" && c.Kind == kind) {
		return &c
	}
	for _, ch := range c.Children {
		if f := find(ch, field, kind); f != nil {
			return f
		}
	}
	return nil
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// message is err's Message in ctx's language.
func message(ctx context.Context, err error) string {
	e, ok := httpx.AsError(err)
	if !ok {
		if err == nil {
			return "<nil>"
		}
		return "not an application error: " + err.Error()
	}
	return i18n.T(i18n.From(ctx), e.Key, e.Args...)
}

func status(err error) int {
	if e, ok := httpx.AsError(err); ok {
		return e.Status
	}
	return 0
}
