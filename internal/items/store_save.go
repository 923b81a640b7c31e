package items

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/items/table"
)

// optionFits reports whether option v of dependent picklist d belongs to
// the parent value (an option of no parent belongs to every one).
func optionFits(ctx context.Context, q Querier, d *formAttr, v string, parentValue any) (bool, error) {
	parent, _ := parentValue.(string)
	var fits bool
	if err := q.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM picklist_item WHERE picklist_id = $1 AND value = $2
		AND (parent_value IS NULL OR parent_value = $3))`, *d.PicklistID, v, parent).Scan(&fits); err != nil {
		return false, fmt.Errorf("picklist parent: %w", err)
	}
	return fits, nil
}

// writeItem stores it (a new item when its id is 0) and its version.
func writeItem(ctx context.Context, tx pgx.Tx, c Caller, t *formType, it *Item, op string) (int64, error) {
	if it.ID != 0 {
		_, err := Mutate(ctx, tx, c.UserID, it.ID, Change{Operation: op, Title: &it.Title, Attributes: it.Attributes,
			SetResponsible: true, ResponsibleID: it.ResponsibleID, SetParent: true, ParentID: it.ParentID})
		return it.ID, err
	}
	attrs, err := table.Attrs(ctx, tx, t.comp.ID)
	if err != nil {
		return 0, err
	}
	var number, id int64
	if err := tx.QueryRow(ctx, `UPDATE component SET last_number = last_number + 1 WHERE id = $1 RETURNING last_number`,
		t.comp.ID).Scan(&number); err != nil {
		return 0, fmt.Errorf("number: %w", err)
	}
	if err := tx.QueryRow(ctx, `INSERT INTO item (component_id, number, title, project_id, parent_id, status_id, responsible_id,
			creator_id, modifier_id, search) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, `+table.SearchOf("$3", "$9")+`) RETURNING id`,
		t.comp.ID, number, it.Title, it.ProjectID, it.ParentID, it.StatusID, it.ResponsibleID, c.UserID,
		table.SearchText(attrs, it.Attributes)).Scan(&id); err != nil {
		return 0, fmt.Errorf("insert item: %w", err)
	}
	if err := table.Write(ctx, tx, t.comp.ID, attrs, []table.Row{{ID: id, Values: it.Attributes}}); err != nil {
		return 0, err
	}
	return id, writeVersions(ctx, tx, t.comp.ID, attrs, []int64{id}, op, nil)
}

// Mutate writes change to item id in tx by user by, and its version: the one
// way any module changes an item. It checks no right (the caller holds the
// row); modified_at moves at least 1 ms, so every version has its own ticks.
func Mutate(ctx context.Context, tx pgx.Tx, by, id int64, ch Change) (*Mutated, error) {
	var comp int64
	if err := tx.QueryRow(ctx, `SELECT component_id FROM item WHERE id = $1`, id).Scan(&comp); err != nil {
		return nil, fmt.Errorf("change item %d: %w", id, err)
	}
	attrs, err := table.Attrs(ctx, tx, comp)
	if err != nil {
		return nil, err
	}
	sets := []string{"modifier_id = $2", "modified_at = greatest(now(), modified_at + interval '1 millisecond')", "version = version + 1"}
	args := []any{id, by}
	if ch.KeepModified {
		sets = []string{"version = version + 1"}
		args = []any{id}
	}
	set := func(column string, v any) string {
		args = append(args, v)
		p := "$" + strconv.Itoa(len(args))
		sets = append(sets, column+" = "+p)
		return p
	}
	title := "title"
	if ch.Title != nil {
		title = set("title", *ch.Title)
	}
	// The words follow the title and the values; unchanged values are read
	// from the type's table, which this change has not written yet.
	if ch.Attributes != nil {
		args = append(args, table.SearchText(attrs, ch.Attributes))
		sets = append(sets, "search = "+table.SearchOf(title, "$"+strconv.Itoa(len(args))))
	} else if ch.Title != nil {
		sets = append(sets, "search = "+table.SearchOf(title, `(SELECT `+table.AttributesExpr("t", table.Searched(attrs))+
			` FROM `+table.Name(comp)+` t WHERE t.id = $1)::text`))
	}
	if ch.StatusID != nil {
		set("status_id", *ch.StatusID)
	}
	if ch.SetResponsible {
		set("responsible_id", ch.ResponsibleID)
	}
	if ch.SetParent {
		set("parent_id", ch.ParentID)
	}
	if ch.Reason != nil {
		set("reason", *ch.Reason)
	}
	var m Mutated
	err = tx.QueryRow(ctx, `UPDATE item SET `+strings.Join(sets, ", ")+`
		WHERE id = $1 RETURNING id, number, version, responsible_id, modified_at`, args...).
		Scan(&m.ID, &m.Number, &m.Version, &m.ResponsibleID, &m.ModifiedAt)
	if err != nil {
		return nil, fmt.Errorf("change item %d: %w", id, err)
	}
	// The registry's trigger has copied the system fields; the values are ours.
	if ch.Attributes != nil {
		if err := table.Write(ctx, tx, comp, attrs, []table.Row{{ID: id, Values: ch.Attributes}}); err != nil {
			return nil, fmt.Errorf("change item %d: %w", id, err)
		}
	}
	if ch.KeepModified {
		return &m, writeVersions(ctx, tx, comp, attrs, []int64{id}, ch.Operation, &by)
	}
	return &m, writeVersions(ctx, tx, comp, attrs, []int64{id}, ch.Operation, nil)
}

// writeVersions copies items ids of type comp as they now are into
// item_version, their values from the type's table. by, when set, names the
// version's author at now (never before the item's modified_at), for a change
// that left the item's modifier and modified_at.
func writeVersions(ctx context.Context, q Querier, comp int64, attrs []table.Attr, ids []int64, operation string, by *int64) error {
	who, when := "i.modifier_id", "i.modified_at"
	args := []any{ids, operation}
	if by != nil {
		who, when = "$3::bigint", "greatest(now(), i.modified_at)"
		args = append(args, *by)
	}
	_, err := q.Exec(ctx, `INSERT INTO item_version (item_id, version, title, project_id, parent_id, status_id, responsible_id,
			modifier_id, modified_at, reason, attributes, operation)
		SELECT i.id, i.version, i.title, i.project_id, i.parent_id, i.status_id, i.responsible_id, `+who+`, `+when+`, i.reason,
			`+table.AttributesExpr("t", attrs)+`, $2::text
		FROM item i JOIN `+table.Name(comp)+` t ON t.id = i.id WHERE i.id = ANY($1)`, args...)
	if err != nil {
		return fmt.Errorf("versions of items %v: %w", ids, err)
	}
	return nil
}

// LockItems takes the rows of ids for a change, in id order so that two
// changes of the same items never wait on each other crosswise.
func LockItems(ctx context.Context, q Querier, ids []int64) error {
	if _, err := q.Exec(ctx, `SELECT 1 FROM item WHERE id = ANY($1) ORDER BY id FOR UPDATE`, ids); err != nil {
		return fmt.Errorf("lock items: %w", err)
	}
	return nil
}

// SetFileFlags writes the list's HasAttachment and HasDigitalContent of item
// id inside q (the transaction that changed its files): documents keeps them
// in step with its files. Not a change of the item: no version is written.
func SetFileFlags(ctx context.Context, q Querier, id int64, attachment, content bool) error {
	if _, err := q.Exec(ctx, `UPDATE item SET has_attachment = $2, has_digital_content = $3 WHERE id = $1`, id, attachment, content); err != nil {
		return fmt.Errorf("file flags of item %d: %w", id, err)
	}
	return nil
}

// memoTx remembers saveItem's existence checks (SELECT EXISTS, same args) for
// one batch: an import's rows repeat few values, and a round trip per value and
// row made most of its time. Nothing the batch writes changes those answers.
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

// insertItems writes new items as writeItem does (a version op each), a
// batch per statement: a row at a time is too slow for 100,000 rows. Their
// numbers are reserved through numbers, outside tx (reserveNumbers).
func insertItems(ctx context.Context, tx pgx.Tx, numbers Querier, c Caller, t *formType, batch []*Item, op string) error {
	n := len(batch)
	titles := make([]string, n)
	projects, parents, statuses, responsibles := make([]*int64, n), make([]*int64, n), make([]*int64, n), make([]*int64, n)
	all, err := table.Attrs(ctx, tx, t.comp.ID)
	if err != nil {
		return err
	}
	attrs := make([]string, n)
	for i, it := range batch {
		titles[i], projects[i], parents[i], statuses[i], responsibles[i], attrs[i] =
			it.Title, it.ProjectID, it.ParentID, it.StatusID, it.ResponsibleID, table.SearchText(all, it.Attributes)
	}
	last, err := reserveNumbers(ctx, numbers, t.comp.ID, n)
	if err != nil {
		return err
	}
	rows, err := tx.Query(ctx, `INSERT INTO item (component_id, number, title, project_id, parent_id, status_id, responsible_id,
			creator_id, modifier_id, search)
		SELECT $1, $2 + u.o, u.title, u.project, u.parent, u.status, u.responsible, $3, $3, `+table.SearchOf("u.title", "u.attrs")+`
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
	values := make([]table.Row, len(ids))
	for i, id := range ids {
		batch[i].ID = id
		values[i] = table.Row{ID: id, Values: batch[i].Attributes}
	}
	if err := table.Write(ctx, tx, t.comp.ID, all, values); err != nil {
		return err
	}
	return writeVersions(ctx, tx, t.comp.ID, all, ids, op, nil)
}

// reserveNumbers takes n numbers of type comp and answers the last. On the
// pool it commits at once, so a long import does not hold the type's counter
// row (every saveItem of the type would wait for it); a batch rolled back
// leaves its numbers unused, a gap.
func reserveNumbers(ctx context.Context, q Querier, comp int64, n int) (int64, error) {
	var last int64
	if err := q.QueryRow(ctx, `UPDATE component SET last_number = last_number + $2 WHERE id = $1 RETURNING last_number`,
		comp, n).Scan(&last); err != nil {
		return 0, fmt.Errorf("numbers: %w", err)
	}
	return last, nil
}

// userName is the name of user id (” when there is none).
func userName(ctx context.Context, q Querier, id *int64) (string, error) {
	var who string
	err := q.QueryRow(ctx, `SELECT coalesce((SELECT name FROM app_user WHERE id = $1), '')`, id).Scan(&who)
	return who, err
}

// initialStatus is the first initial status of type comp (nil: none).
func initialStatus(ctx context.Context, q Querier, comp int64) (*int64, error) {
	var status int64
	err := q.QueryRow(ctx, `SELECT id FROM item_status WHERE component_id = $1 AND initial AND retired_at IS NULL
		ORDER BY sort_order LIMIT 1`, comp).Scan(&status)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &status, nil
}

// referenceExists checks that id names what the attribute type points at,
// among what the caller may see.
func referenceExists(ctx context.Context, q Querier, c Caller, b *binding, id, self int64) (bool, error) {
	var sql string
	args := []any{id}
	switch b.Type {
	case "USERS", "RESOURCES":
		sql = `SELECT EXISTS (SELECT 1 FROM app_user WHERE id = $1 AND active)`
	case "GROUPS":
		sql = `SELECT EXISTS (SELECT 1 FROM user_group WHERE id = $1)`
	case "ORGANIZATIONAL_STRUCTURE":
		// An inactive unit is no longer offered, but values holding it stay valid.
		sql = `SELECT EXISTS (SELECT 1 FROM org_unit WHERE id = $1)`
	case "USERS_OR_GROUPS":
		sql = `SELECT EXISTS (SELECT 1 FROM app_user WHERE id = $1 AND active) OR EXISTS (SELECT 1 FROM user_group WHERE id = $1)`
	case "COMPANY":
		sql = `SELECT EXISTS (SELECT 1 FROM company WHERE id = $1)`
	case "ITEM_TYPE_STATUS":
		var target *int64
		if b.Attr != nil {
			target = b.Attr.TargetComponentID
		}
		args = append(args, target)
		sql = `SELECT EXISTS (SELECT 1 FROM item_status WHERE id = $1 AND retired_at IS NULL AND ($2::bigint IS NULL OR component_id = $2))`
	case "CALENDAR":
		// A work calendar is a resource's (loadCalendars).
		sql = `SELECT EXISTS (SELECT 1 FROM resource WHERE id = $1 AND active)`
	case "PROJECT":
		args = []any{c.UserID, c.PanelAdmin, id}
		sql = `SELECT EXISTS (SELECT 1 FROM project p WHERE p.id = $3 AND ` + projectReadable + `)`
	case "GENERIC_ITEM_TYPE":
		var target *int64
		if b.Attr != nil {
			target = b.Attr.TargetComponentID
		}
		args = []any{c.UserID, c.PanelAdmin, id, target, self}
		sql = `SELECT EXISTS (SELECT 1 FROM item i JOIN component c ON c.id = i.component_id
			WHERE i.id = $3 AND i.id <> $5 AND ($4::bigint IS NULL OR i.component_id = $4) AND ` + componentReadable + ` AND ` + itemReadable + `)`
	default:
		return false, fmt.Errorf("no reference check for type %s", b.Type)
	}
	var ok bool
	err := q.QueryRow(ctx, sql, args...).Scan(&ok)
	return ok, err
}

// optionExists reports whether value is a live option of picklist pl.
func optionExists(ctx context.Context, q Querier, pl int64, value string) (bool, error) {
	var found bool
	if err := q.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM picklist_item WHERE picklist_id = $1 AND value = $2 AND retired_at IS NULL)`,
		pl, value).Scan(&found); err != nil {
		return false, fmt.Errorf("picklist value: %w", err)
	}
	return found, nil
}

// parentLoop reports whether self is parent or one of its 100 ancestors.
func parentLoop(ctx context.Context, q Querier, parent, self int64) (bool, error) {
	var loop bool
	if err := q.QueryRow(ctx, `WITH RECURSIVE up AS (SELECT id, parent_id, 1 AS depth FROM item WHERE id = $1
			UNION ALL SELECT i.id, i.parent_id, up.depth + 1 FROM item i JOIN up ON i.id = up.parent_id WHERE up.depth < 100)
		SELECT EXISTS (SELECT 1 FROM up WHERE id = $2)`, parent, self).Scan(&loop); err != nil {
		return false, fmt.Errorf("parent loop: %w", err)
	}
	return loop, nil
}

// newItemRefusal is why a new item of type comp may not go into project (a
// readable one), or nil: an archived project takes no new items, and a
// project that lists its item types (project_item_type, internal/projects)
// takes only those.
func newItemRefusal(ctx context.Context, q Querier, comp, project int64) (*httpx.Error, error) {
	var archived, allowed bool
	if err := q.QueryRow(ctx, `SELECT p.status = 'archived',
			NOT EXISTS (SELECT 1 FROM project_item_type t WHERE t.project_id = p.id)
			OR EXISTS (SELECT 1 FROM project_item_type t WHERE t.project_id = p.id AND t.component_id = $2)
		FROM project p WHERE p.id = $1`, project, comp).Scan(&archived, &allowed); err != nil {
		return nil, fmt.Errorf("project of a new item: %w", err)
	}
	switch {
	case archived:
		return httpx.Fail(http.StatusConflict, "forms.projectArchived"), nil
	case !allowed:
		return httpx.Fail(http.StatusConflict, "forms.typeNotInProject"), nil
	}
	return nil, nil
}
