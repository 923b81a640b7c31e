package items

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/httpx"
)

// NewItems creates items of one type through its default form, each checked
// as saveItem checks a new item (required fields, ranges, dates, masks,
// options, references, the right to create): how a module that creates
// many items at once (the Excel import, internal/itemio) goes through the
// core's write path without its internals.
type NewItems struct {
	s *Service
	c Caller
	t *formType
	f *formDef
}

// FormField is a field the type's default form writes.
type FormField struct {
	// Key is the item map key a value goes under; Field the attribute key or
	// the system field (Title, ResponsibleName, Parent).
	Key, Field string
	// Label is the control's label (else the field's name) in the language asked.
	Label string
	// Type is the attribute type the value is checked as.
	Type string
	// PicklistID is a PICKLIST attribute's picklist.
	PicklistID *int64
}

// ValueError is why a value of a new item is refused: the field, its label
// in the batch's language and the message's i18n key and arguments.
type ValueError struct {
	Field, Label string
	Key          string
	Args         []any
}

// NewItems opens item type componentID for c: not found unless c may read it.
func (s *Service) NewItems(ctx context.Context, c Caller, componentID int64) (*NewItems, error) {
	t, err := s.loadType(ctx, c, componentID)
	if err != nil {
		return nil, err
	}
	return &NewItems{s: s, c: c, t: t}, nil
}

// ComponentID is the type's id.
func (n *NewItems) ComponentID() int64 { return n.t.comp.ID }

// CheckProject answers not found unless c may read project id.
func (n *NewItems) CheckProject(ctx context.Context, id int64) error {
	ok, err := n.s.store.projectVisible(ctx, n.c, id)
	if err != nil {
		return err
	}
	if !ok {
		return httpx.NotFound()
	}
	return nil
}

func (n *NewItems) form(ctx context.Context) (*formDef, error) {
	if n.f == nil {
		f, err := n.s.loadForm(ctx, n.t, 0, "")
		if err != nil {
			return nil, err
		}
		n.f = f
	}
	return n.f, nil
}

// Fields lists the fields the type's default form writes, in form order,
// labelled in lang.
func (n *NewItems) Fields(ctx context.Context, lang string) ([]FormField, error) {
	f, err := n.form(ctx)
	if err != nil {
		return nil, err
	}
	binds := n.t.bindings(f, lang)
	out := make([]FormField, len(binds))
	for i, b := range binds {
		out[i] = FormField{Key: b.Key, Field: b.Field, Label: b.Label, Type: b.Type}
		if b.Attr != nil {
			out[i].PicklistID = b.Attr.PicklistID
		}
	}
	return out, nil
}

// ItemBatch checks and creates new items of one type inside a transaction.
type ItemBatch struct {
	n        *NewItems
	tx       pgx.Tx
	checks   *memoTx
	binds    []*binding
	template *Item
}

// Begin starts a batch of new items in project (0: none) inside tx: the
// caller must be allowed to create items of the type there, and a
// project-scoped type needs a project (as saveItem). Labels and range
// bounds are in lang.
func (n *NewItems) Begin(ctx context.Context, tx pgx.Tx, project int64, lang string) (*ItemBatch, error) {
	f, err := n.form(ctx)
	if err != nil {
		return nil, err
	}
	template, err := n.s.startNew(ctx, tx, n.c, n.t, SaveItemInput{ProjectID: httpx.ID(project)}, Values{})
	if err != nil {
		return nil, err
	}
	return &ItemBatch{n: n, tx: tx, checks: &memoTx{Tx: tx, answers: map[string]bool{}}, binds: n.t.bindings(f, lang),
		template: template}, nil
}

// Check checks values (by FormField.Key) as a new item's, as saveItem
// would, writing nothing: the item to create, or why its values are refused.
func (b *ItemBatch) Check(ctx context.Context, values Values) (*Item, []ValueError, error) {
	it := *b.template
	it.Attributes = map[string]any{}
	next, ferrs, err := b.n.s.apply(ctx, b.checks, b.n.c, b.n.t, b.binds, &it, values, false)
	if err != nil {
		return nil, nil, err
	}
	if len(ferrs) == 0 {
		return next, nil, nil
	}
	out := make([]ValueError, len(ferrs))
	for i, fe := range ferrs {
		out[i] = ValueError{Field: fe.b.Key, Label: fe.b.Label, Key: fe.key, Args: fe.args}
	}
	return nil, out, nil
}

// Create writes items Check answered, with a version named op each, in the
// batch's transaction.
func (b *ItemBatch) Create(ctx context.Context, op string, items []*Item) error {
	return insertItems(ctx, b.tx, b.n.c, b.n.t, items, op)
}

// memoTx remembers the answers of saveItem's existence checks (a picklist
// option, a user, a status...: `SELECT EXISTS` with the same arguments)
// for one batch: an import's rows repeat a few values, and a round trip to
// the database per value and row made the checks most of an import's time.
// Nothing the batch writes changes those answers.
type memoTx struct {
	pgx.Tx
	answers map[string]bool
}

func (m *memoTx) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row {
	if !strings.HasPrefix(strings.TrimSpace(sql), "SELECT EXISTS") {
		return m.Tx.QueryRow(ctx, sql, args...)
	}
	key := sql + "\x00" + fmt.Sprintf("%#v", args)
	if v, ok := m.answers[key]; ok {
		return knownRow(v)
	}
	return &rememberedRow{Row: m.Tx.QueryRow(ctx, sql, args...), keep: func(v bool) { m.answers[key] = v }}
}

// knownRow answers a remembered existence check.
type knownRow bool

func (r knownRow) Scan(dest ...any) error {
	if len(dest) != 1 {
		return fmt.Errorf("existence check scanned into %d values", len(dest))
	}
	p, ok := dest[0].(*bool)
	if !ok {
		return fmt.Errorf("existence check scanned into %T", dest[0])
	}
	*p = bool(r)
	return nil
}

// rememberedRow keeps the answer of an existence check as it is read.
type rememberedRow struct {
	pgx.Row
	keep func(bool)
}

func (r *rememberedRow) Scan(dest ...any) error {
	err := r.Row.Scan(dest...)
	if err == nil && len(dest) == 1 {
		if p, ok := dest[0].(*bool); ok {
			r.keep(*p)
		}
	}
	return err
}

// insertItems writes new items as writeItem does (numbers from the type's
// counter, a version op each), a batch per statement: a row at a time is
// too slow for 100,000 rows.
func insertItems(ctx context.Context, tx pgx.Tx, c Caller, t *formType, batch []*Item, op string) error {
	n := len(batch)
	titles := make([]string, n)
	projects, parents, statuses, responsibles := make([]*int64, n), make([]*int64, n), make([]*int64, n), make([]*int64, n)
	attrs := make([]string, n)
	for i, it := range batch {
		body, err := json.Marshal(it.Attributes)
		if err != nil {
			return fmt.Errorf("attributes: %w", err)
		}
		titles[i], projects[i], parents[i], statuses[i], responsibles[i], attrs[i] =
			it.Title, it.ProjectID, it.ParentID, it.StatusID, it.ResponsibleID, string(body)
	}
	var last int64
	if err := tx.QueryRow(ctx, `UPDATE component SET last_number = last_number + $2 WHERE id = $1 RETURNING last_number`,
		t.comp.ID, n).Scan(&last); err != nil {
		return fmt.Errorf("numbers: %w", err)
	}
	rows, err := tx.Query(ctx, `INSERT INTO item (component_id, number, title, project_id, parent_id, status_id, responsible_id,
			creator_id, modifier_id, attributes)
		SELECT $1, $2 + u.o, u.title, u.project, u.parent, u.status, u.responsible, $3, $3, u.attrs::jsonb
		FROM unnest($4::text[], $5::bigint[], $6::bigint[], $7::bigint[], $8::bigint[], $9::text[])
			WITH ORDINALITY AS u(title, project, parent, status, responsible, attrs, o)
		ORDER BY u.o RETURNING id`,
		t.comp.ID, last-int64(n), c.UserID, titles, projects, parents, statuses, responsibles, attrs)
	if err != nil {
		return fmt.Errorf("insert items: %w", err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return fmt.Errorf("insert items: %w", err)
	}
	if _, err := tx.Exec(ctx, `INSERT INTO item_version (item_id, version, title, project_id, parent_id, status_id, responsible_id,
			modifier_id, modified_at, reason, attributes, operation)
		SELECT id, version, title, project_id, parent_id, status_id, responsible_id, modifier_id, modified_at, reason, attributes, $2::text
		FROM item WHERE id = ANY($1)`, ids, op); err != nil {
		return fmt.Errorf("versions: %w", err)
	}
	return nil
}
