package apppkg

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tramita/tramita/internal/admin/planlimit"
	"github.com/tramita/tramita/internal/items/schema"
	"github.com/tramita/tramita/internal/items/table"
)

// Report says what an import did that a user must know: definitions
// retired, values moved. Nothing is ever deleted silently.
type Report struct {
	ApplicationID int64    `json:"applicationId"`
	Created       bool     `json:"created"`
	Notes         []string `json:"notes"`
}

// Import writes p in one transaction: the whole package or nothing. An
// application with the same key is upgraded in place by the keys of its
// definitions.
func Import(ctx context.Context, db *pgxpool.Pool, file string, p *Package) (Report, error) {
	var rep Report
	err := pgx.BeginFunc(ctx, db, func(tx pgx.Tx) error {
		im := &importer{tx: tx, c: &checker{file: file}, rep: &rep}
		if err := im.run(ctx, p); err != nil {
			return err
		}
		if len(im.c.problems) > 0 {
			return &Invalid{Problems: im.c.problems}
		}
		// A new application must fit the contracted plan (upgrades always do).
		if rep.Created {
			if err := planlimit.CheckApplications(ctx, tx, p.Key); err != nil {
				return err
			}
		}
		rep.Notes = append(rep.Notes, Warnings(file, p)...)
		notes, _ := json.Marshal(rep.Notes)
		_, err := tx.Exec(ctx, `INSERT INTO app_package (application_id, report) VALUES ($1, $2)
			ON CONFLICT (application_id) DO UPDATE SET imported_at = now(), report = EXCLUDED.report`, rep.ApplicationID, notes)
		return err
	})
	if err != nil {
		return Report{}, err
	}
	if rep.Notes == nil {
		rep.Notes = []string{}
	}
	return rep, nil
}

type importer struct {
	tx  pgx.Tx
	c   *checker
	rep *Report
	// ids by key of what this import wrote
	picklists  map[string]int64
	components map[string]int64
	forms      map[string]map[string]int64
	queries    map[string]map[string]int64
	views      map[string]map[string]int64
	operations map[string]int64
	reports    map[string]int64
}

func (im *importer) note(format string, args ...any) {
	im.rep.Notes = append(im.rep.Notes, fmt.Sprintf(format, args...))
}

func (im *importer) run(ctx context.Context, p *Package) error {
	a := p.Application
	name, _ := json.Marshal(a.Name)
	var inserted bool
	err := im.tx.QueryRow(ctx, `INSERT INTO application (key, name, icon_name, is_font_awesome_icon, image_content,
			display_on_toolbar, url_behavior, url_link, app_version, collapsed_menu, html_scripts, sort_order)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
		ON CONFLICT (key) DO UPDATE SET name = EXCLUDED.name, icon_name = EXCLUDED.icon_name,
			is_font_awesome_icon = EXCLUDED.is_font_awesome_icon, image_content = EXCLUDED.image_content,
			display_on_toolbar = EXCLUDED.display_on_toolbar, url_behavior = EXCLUDED.url_behavior,
			url_link = EXCLUDED.url_link, app_version = EXCLUDED.app_version, collapsed_menu = EXCLUDED.collapsed_menu,
			html_scripts = EXCLUDED.html_scripts, sort_order = EXCLUDED.sort_order, updated_at = now()
		RETURNING id, xmax = 0`, p.Key, name, a.Icon, a.IsFontAwesomeIcon, a.ImageContent, a.DisplayOnToolbar,
		a.URLBehavior, a.URLLink, a.AppVersion, a.CollapsedMenu, a.HTMLScripts, a.SortOrder).Scan(&im.rep.ApplicationID, &inserted)
	if err != nil {
		return fmt.Errorf("application: %w", err)
	}
	im.rep.Created = inserted
	if err := im.groups(ctx, p); err != nil {
		return err
	}
	if err := im.picklistsStep(ctx, p); err != nil {
		return err
	}
	if err := im.componentsStep(ctx, p); err != nil {
		return err
	}
	if err := im.operationsStep(ctx, p); err != nil {
		return err
	}
	if err := im.reportsStep(ctx, p); err != nil {
		return err
	}
	return im.menu(ctx, p)
}

func (im *importer) groupID(ctx context.Context, name string, line int) (int64, bool) {
	var id int64
	err := im.tx.QueryRow(ctx, `SELECT id FROM user_group WHERE name = $1`, name).Scan(&id)
	if err != nil {
		im.c.add(line, "group %q does not exist", name)
		return 0, false
	}
	return id, true
}

func (im *importer) groups(ctx context.Context, p *Package) error {
	app := im.rep.ApplicationID
	if _, err := im.tx.Exec(ctx, `DELETE FROM application_group WHERE application_id = $1`, app); err != nil {
		return err
	}
	for _, g := range p.Groups {
		if id, ok := im.groupID(ctx, g, p.Line); ok {
			if _, err := im.tx.Exec(ctx, `INSERT INTO application_group VALUES ($1, $2) ON CONFLICT DO NOTHING`, app, id); err != nil {
				return err
			}
		}
	}
	return nil
}

// retire marks the rows of table under parent that the package no longer
// names, and notes each; their data stays.
func (im *importer) retire(ctx context.Context, table, parentCol string, parent int64, keys []string, what string) error {
	rows, err := im.tx.Query(ctx, `UPDATE `+table+` SET retired_at = now()
		WHERE `+parentCol+` = $1 AND retired_at IS NULL AND NOT (key = ANY($2)) RETURNING key`, parent, keys)
	if err != nil {
		return fmt.Errorf("retire %s: %w", table, err)
	}
	gone, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return err
	}
	for _, k := range gone {
		im.note("%s %q is no longer in the package: retired (hidden), its data kept", what, k)
	}
	return nil
}

func (im *importer) picklistsStep(ctx context.Context, p *Package) error {
	app := im.rep.ApplicationID
	im.picklists = map[string]int64{}
	var keys []string
	for _, pl := range p.Picklists {
		name, _ := json.Marshal(pl.Name)
		if pl.Name == nil {
			name = []byte("{}")
		}
		var id int64
		if err := im.tx.QueryRow(ctx, `INSERT INTO picklist (application_id, key, name) VALUES ($1, $2, $3)
			ON CONFLICT (application_id, key) DO UPDATE SET name = EXCLUDED.name, retired_at = NULL RETURNING id`,
			app, pl.Key, name).Scan(&id); err != nil {
			return fmt.Errorf("picklist %s: %w", pl.Key, err)
		}
		im.picklists[pl.Key] = id
		keys = append(keys, pl.Key)
		var values []string
		for i, it := range pl.Items {
			text, _ := json.Marshal(it.Text)
			var parent *string
			if it.Parent != "" {
				parent = &it.Parent
			}
			if _, err := im.tx.Exec(ctx, `INSERT INTO picklist_item (picklist_id, value, text, color, image, is_font_awesome, parent_value, sort_order)
				VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
				ON CONFLICT (picklist_id, value) DO UPDATE SET text = EXCLUDED.text, color = EXCLUDED.color, image = EXCLUDED.image,
					is_font_awesome = EXCLUDED.is_font_awesome, parent_value = EXCLUDED.parent_value,
					sort_order = EXCLUDED.sort_order, retired_at = NULL`,
				id, it.Value, text, it.Color, it.Image, it.IsFontAwesome, parent, i*10); err != nil {
				return fmt.Errorf("picklist %s value %s: %w", pl.Key, it.Value, err)
			}
			values = append(values, it.Value)
		}
		rows, err := im.tx.Query(ctx, `UPDATE picklist_item SET retired_at = now()
			WHERE picklist_id = $1 AND retired_at IS NULL AND NOT (value = ANY($2)) RETURNING value`, id, values)
		if err != nil {
			return err
		}
		gone, err := pgx.CollectRows(rows, pgx.RowTo[string])
		if err != nil {
			return err
		}
		for _, v := range gone {
			im.note("picklist %q value %q is no longer in the package: retired, items keep it", pl.Key, v)
		}
	}
	for _, pl := range p.Picklists {
		var dep *int64
		if pl.DependsOn != "" {
			d := im.picklists[pl.DependsOn]
			dep = &d
		}
		if _, err := im.tx.Exec(ctx, `UPDATE picklist SET depends_on = $2 WHERE id = $1`, im.picklists[pl.Key], dep); err != nil {
			return err
		}
	}
	return im.retire(ctx, "picklist", "application_id", app, keys, "picklist")
}

func (im *importer) componentsStep(ctx context.Context, p *Package) error {
	app := im.rep.ApplicationID
	im.components = map[string]int64{}
	im.forms, im.queries, im.views = map[string]map[string]int64{}, map[string]map[string]int64{}, map[string]map[string]int64{}
	var keys []string
	for i, comp := range p.Components {
		name, _ := json.Marshal(comp.Name)
		var id int64
		if err := im.tx.QueryRow(ctx, `INSERT INTO component (application_id, key, name, project_scoped, icon, sort_order)
			VALUES ($1, $2, $3, $4, $5, $6)
			ON CONFLICT (application_id, key) DO UPDATE SET name = EXCLUDED.name, project_scoped = EXCLUDED.project_scoped,
				icon = EXCLUDED.icon, sort_order = EXCLUDED.sort_order, retired_at = NULL RETURNING id`,
			app, comp.Key, name, comp.ProjectScoped, comp.Icon, i*10).Scan(&id); err != nil {
			return fmt.Errorf("component %s: %w", comp.Key, err)
		}
		im.components[comp.Key] = id
		keys = append(keys, comp.Key)
	}
	if err := im.retire(ctx, "component", "application_id", app, keys, "component"); err != nil {
		return err
	}
	for _, comp := range p.Components {
		if err := im.component(ctx, comp); err != nil {
			return err
		}
	}
	return nil
}

func (im *importer) component(ctx context.Context, comp Component) error {
	id := im.components[comp.Key]
	if _, err := im.tx.Exec(ctx, `DELETE FROM component_grant WHERE component_id = $1`, id); err != nil {
		return err
	}
	for _, g := range comp.Permissions {
		gid, ok := im.groupID(ctx, g.Group, g.Line)
		if !ok {
			continue
		}
		if _, err := im.tx.Exec(ctx, `INSERT INTO component_grant (component_id, group_id, can_read, can_create, can_update, can_delete)
			VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (component_id, group_id) DO UPDATE SET
			can_read = EXCLUDED.can_read, can_create = EXCLUDED.can_create, can_update = EXCLUDED.can_update, can_delete = EXCLUDED.can_delete`,
			id, gid, slices.Contains(g.Rights, "read"), slices.Contains(g.Rights, "create"),
			slices.Contains(g.Rights, "update"), slices.Contains(g.Rights, "delete")); err != nil {
			return err
		}
	}
	if err := im.attributes(ctx, comp, id); err != nil {
		return err
	}
	// The type's typed table follows its attributes (docs/item-tables.md).
	if _, err := table.Ensure(ctx, im.tx, id); err != nil {
		ce, ok := table.IsConversion(err)
		if !ok {
			return err
		}
		line := 0
		for _, a := range comp.Attributes {
			if a.Key == ce.Attr.Key {
				line = a.Line
			}
		}
		im.c.add(line, "%s; add a new attribute instead", ce.Error())
	}
	var keys []string
	for i, s := range comp.Statuses {
		name, _ := json.Marshal(s.Name)
		if _, err := im.tx.Exec(ctx, `INSERT INTO item_status (component_id, key, name, color, initial, final, sort_order)
			VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (component_id, key) DO UPDATE SET name = EXCLUDED.name,
			color = EXCLUDED.color, initial = EXCLUDED.initial, final = EXCLUDED.final, sort_order = EXCLUDED.sort_order, retired_at = NULL`,
			id, s.Key, name, s.Color, s.Initial, s.Final, i*10); err != nil {
			return fmt.Errorf("status %s: %w", s.Key, err)
		}
		keys = append(keys, s.Key)
	}
	if err := im.retire(ctx, "item_status", "component_id", id, keys, "status of "+comp.Key); err != nil {
		return err
	}
	keys = nil
	for i, a := range comp.Actions {
		name, _ := json.Marshal(a.Name)
		if a.AllowedTo != nil {
			for _, g := range a.AllowedTo.Groups {
				im.groupID(ctx, g, a.Line)
			}
		}
		for _, g := range a.ResponsibleGroups {
			im.groupID(ctx, g, a.Line)
		}
		rest := a
		rest.Key, rest.Name = "", nil // kept in their columns; spec is the rest of the Action
		spec, _ := json.Marshal(rest)
		if _, err := im.keyed(ctx, "item_action", "spec", id, a.Key, name, spec, i); err != nil {
			return err
		}
		keys = append(keys, a.Key)
	}
	if err := im.retire(ctx, "item_action", "component_id", id, keys, "action of "+comp.Key); err != nil {
		return err
	}
	keys = nil
	for i, r := range comp.Rules {
		if _, err := im.tx.Exec(ctx, `INSERT INTO component_rule (component_id, key, source, sort_order) VALUES ($1, $2, $3, $4)
			ON CONFLICT (component_id, key) DO UPDATE SET source = EXCLUDED.source, sort_order = EXCLUDED.sort_order, retired_at = NULL`,
			id, r.Key, r.Source, i*10); err != nil {
			return fmt.Errorf("rule %s: %w", r.Key, err)
		}
		keys = append(keys, r.Key)
	}
	if err := im.retire(ctx, "component_rule", "component_id", id, keys, "rule of "+comp.Key); err != nil {
		return err
	}
	im.forms[comp.Key], keys = map[string]int64{}, nil
	for i, f := range comp.Forms {
		name, _ := json.Marshal(f.Name)
		tree, err := json.Marshal(f.Tree)
		if err != nil {
			im.c.add(f.Line, "form %q: the tree cannot be stored as JSON: %v", f.Key, err)
			continue
		}
		fid, err := im.keyed(ctx, "item_form", "tree", id, f.Key, name, tree, i)
		if err != nil {
			return err
		}
		if _, err := im.tx.Exec(ctx, `UPDATE item_form SET on_save = $2 WHERE id = $1`, fid, f.OnSave); err != nil {
			return err
		}
		im.forms[comp.Key][f.Key] = fid
		keys = append(keys, f.Key)
	}
	if err := im.retire(ctx, "item_form", "component_id", id, keys, "form of "+comp.Key); err != nil {
		return err
	}
	im.queries[comp.Key], keys = map[string]int64{}, nil
	statusIDs := map[string]int64{}
	rows, err := im.tx.Query(ctx, `SELECT key, id FROM item_status WHERE component_id = $1 AND retired_at IS NULL`, id)
	if err != nil {
		return fmt.Errorf("statuses of %s: %w", comp.Key, err)
	}
	for rows.Next() {
		var key string
		var sid int64
		if err := rows.Scan(&key, &sid); err != nil {
			return err
		}
		statusIDs[key] = sid
	}
	if err := rows.Err(); err != nil {
		return err
	}
	for i, q := range comp.Queries {
		name, _ := json.Marshal(q.Name)
		cond := []byte("{}")
		if q.Where != nil {
			// Packages name statuses by key; lists compare the status's id.
			where, _ := StatusKeysToIDs(*q.Where, statusIDs)
			cond, _ = json.Marshal(where)
		}
		var qid int64
		if err := im.tx.QueryRow(ctx, `INSERT INTO item_query (component_id, key, name, condition, is_default, sort_order)
			VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (component_id, key) DO UPDATE SET name = EXCLUDED.name,
			condition = EXCLUDED.condition, is_default = EXCLUDED.is_default, sort_order = EXCLUDED.sort_order, retired_at = NULL
			RETURNING id`, id, q.Key, name, cond, q.Default, i*10).Scan(&qid); err != nil {
			return fmt.Errorf("query %s: %w", q.Key, err)
		}
		im.queries[comp.Key][q.Key] = qid
		keys = append(keys, q.Key)
	}
	if err := im.retire(ctx, "item_query", "component_id", id, keys, "query of "+comp.Key); err != nil {
		return err
	}
	im.views[comp.Key], keys = map[string]int64{}, nil
	for i, v := range comp.Views {
		name, _ := json.Marshal(v.Name)
		cols, _ := json.Marshal(orEmpty(v.Columns))
		sort, _ := json.Marshal(orEmpty(v.Sort))
		fields, _ := json.Marshal(v.Fields)
		if v.Fields == nil {
			fields = []byte("{}")
		}
		kind := v.Kind
		if kind == "" {
			kind = "list"
		}
		wip, _ := json.Marshal(v.WIP)
		if v.WIP == nil {
			wip = []byte("{}")
		}
		var query *string
		if v.Query != "" {
			query = &v.Query
		}
		var vid int64
		if err := im.tx.QueryRow(ctx, `INSERT INTO item_view (component_id, key, name, kind, compact, is_default, columns, sort, fields, sort_order, query_key, wip, wip_strict)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) ON CONFLICT (component_id, key) DO UPDATE SET name = EXCLUDED.name,
			kind = EXCLUDED.kind, compact = EXCLUDED.compact, is_default = EXCLUDED.is_default, columns = EXCLUDED.columns,
			sort = EXCLUDED.sort, fields = EXCLUDED.fields, sort_order = EXCLUDED.sort_order, query_key = EXCLUDED.query_key,
			wip = EXCLUDED.wip, wip_strict = EXCLUDED.wip_strict, retired_at = NULL RETURNING id`,
			id, v.Key, name, kind, v.Compact, v.Default, cols, sort, fields, i*10, query, wip, v.WIPStrict).Scan(&vid); err != nil {
			return fmt.Errorf("view %s: %w", v.Key, err)
		}
		im.views[comp.Key][v.Key] = vid
		keys = append(keys, v.Key)
	}
	return im.retire(ctx, "item_view", "component_id", id, keys, "view of "+comp.Key)
}

func orEmpty[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// keyed upserts a row of a definition table with one jsonb payload column.
func (im *importer) keyed(ctx context.Context, table, payload string, comp int64, key string, name, body []byte, i int) (int64, error) {
	var id int64
	err := im.tx.QueryRow(ctx, `INSERT INTO `+table+` (component_id, key, name, `+payload+`, sort_order) VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (component_id, key) DO UPDATE SET name = EXCLUDED.name, `+payload+` = EXCLUDED.`+payload+`,
		sort_order = EXCLUDED.sort_order, retired_at = NULL RETURNING id`, comp, key, name, body, i*10).Scan(&id)
	if err != nil {
		return 0, fmt.Errorf("%s %s: %w", table, key, err)
	}
	return id, nil
}

type storedAttr struct {
	id      int64
	typ     string
	retired bool
}

// attributes upserts the attributes of a type. A renamed attribute keeps its
// row and moves its values; a type change that existing values could not
// follow is refused; a removed attribute is retired with its values kept.
func (im *importer) attributes(ctx context.Context, comp Component, id int64) error {
	rows, err := im.tx.Query(ctx, `SELECT key, id, type, retired_at IS NOT NULL FROM attribute WHERE component_id = $1`, id)
	if err != nil {
		return err
	}
	stored := map[string]storedAttr{}
	for rows.Next() {
		var k string
		var a storedAttr
		if err := rows.Scan(&k, &a.id, &a.typ, &a.retired); err != nil {
			return err
		}
		stored[k] = a
	}
	if err := rows.Err(); err != nil {
		return err
	}
	var keys []string
	for i, a := range comp.Attributes {
		if _, exists := stored[a.Key]; !exists && a.RenamedFrom != "" {
			if old, ok := stored[a.RenamedFrom]; ok {
				// The values stay in the attribute's column, named by its id
				// (docs/item-tables.md): only the key changes.
				if _, err := im.tx.Exec(ctx, `UPDATE attribute SET key = $2 WHERE id = $1`, old.id, a.Key); err != nil {
					return err
				}
				moved, err := schema.CountValues(ctx, im.tx, id, old.id)
				if err != nil {
					return err
				}
				im.note("attribute %q of %q renamed to %q: values of %d items moved", a.RenamedFrom, comp.Key, a.Key, moved)
				stored[a.Key] = old
				delete(stored, a.RenamedFrom)
			}
		}
		// A changed type is the typed table's checked conversion (table.Ensure,
		// after the attributes): values that do not fit refuse the import.
		name, _ := json.Marshal(a.Name)
		var pick, target *int64
		if a.Picklist != "" {
			v := im.picklists[a.Picklist]
			pick = &v
		}
		if a.Component != "" {
			v := im.components[a.Component]
			target = &v
		}
		var width *int
		if a.ColumnWidth > 0 {
			width = &a.ColumnWidth
		}
		var interval *int
		if a.Interval > 0 {
			interval = &a.Interval
		}
		if _, err := im.tx.Exec(ctx, `INSERT INTO attribute (component_id, key, name, type, required, picklist_id, target_component_id,
				filter_as_list, is_file_index, edit_in_grid, date_time_format_type, date_time_format, column_width, interval_minutes,
				default_query, sort_order)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
			ON CONFLICT (component_id, key) DO UPDATE SET name = EXCLUDED.name, type = EXCLUDED.type, required = EXCLUDED.required,
				picklist_id = EXCLUDED.picklist_id, target_component_id = EXCLUDED.target_component_id,
				filter_as_list = EXCLUDED.filter_as_list, is_file_index = EXCLUDED.is_file_index, edit_in_grid = EXCLUDED.edit_in_grid,
				date_time_format_type = EXCLUDED.date_time_format_type, date_time_format = EXCLUDED.date_time_format,
				column_width = EXCLUDED.column_width, interval_minutes = EXCLUDED.interval_minutes,
				default_query = EXCLUDED.default_query, sort_order = EXCLUDED.sort_order, retired_at = NULL`,
			id, a.Key, name, a.Type, a.Required, pick, target, a.FilterAsList, a.IsFileIndex, a.EditInGrid,
			a.DateTimeFormatType, a.DateTimeFormat, width, interval, a.DefaultQuery, i*10); err != nil {
			return fmt.Errorf("attribute %s: %w", a.Key, err)
		}
		keys = append(keys, a.Key)
	}
	for k, a := range stored {
		if a.retired || slices.Contains(keys, k) {
			continue
		}
		n, err := schema.CountValues(ctx, im.tx, id, a.id)
		if err != nil {
			return err
		}
		if _, err := im.tx.Exec(ctx, `UPDATE attribute SET retired_at = now() WHERE id = $1`, a.id); err != nil {
			return err
		}
		im.note("attribute %q of %q is no longer in the package: retired, the values of %d items kept", k, comp.Key, n)
	}
	return nil
}

func (im *importer) menu(ctx context.Context, p *Package) error {
	app := im.rep.ApplicationID
	if _, err := im.tx.Exec(ctx, `DELETE FROM menu_entry WHERE application_id = $1`, app); err != nil {
		return err
	}
	for i, m := range p.Menu {
		name, _ := json.Marshal(m.Name)
		link := m.Link
		if m.List != nil {
			link = im.listLink(app, m)
		}
		if m.Operation != "" {
			link = fmt.Sprintf("/runtime/%d/operation/%d/%s", app, im.operations[m.Operation], url.PathEscape(m.Name["pt-BR"]))
		}
		if m.Report != "" {
			link = fmt.Sprintf("/runtime/%d/report/%d/%s", app, im.reports[m.Report], url.PathEscape(m.Name["pt-BR"]))
		}
		// A board or schedule named by keys becomes its runtime address, the
		// one its page shows, so the menu marks the entry as the current one.
		if kind, ck, vk, title, ok := ViewLink(m.Link); ok && im.views[ck][vk] != 0 {
			// Escaped as the browser writes the path ("Quadro de chamados"
			// becomes Quadro%20de%20chamados), so the two compare equal.
			if raw, err := url.PathUnescape(title); err == nil {
				title = url.PathEscape(raw)
			}
			link = fmt.Sprintf("/runtime/%d/%s/%d/%s", app, kind, im.views[ck][vk], title)
		}
		// The projects list and the calendar name no id, so the package can
		// name them: each becomes the screen's address inside this application.
		for _, screen := range []string{"projects", "calendar"} {
			if title, ok := screenLink(m.Link, screen); ok {
				link = fmt.Sprintf("/runtime/%d/%s/%s", app, screen, title)
			}
		}
		var parent *string
		if m.Parent != "" {
			parent = &m.Parent
		}
		if _, err := im.tx.Exec(ctx, `INSERT INTO menu_entry (application_id, key, key_parent, name, link, icon, is_font_awesome,
			badge, title, multilevel, sort_order) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
			app, m.Key, parent, name, link, m.Icon, m.IsFontAwesome, m.Badge, m.Title, m.Multilevel, i*10); err != nil {
			return fmt.Errorf("menu entry %s: %w", m.Key, err)
		}
	}
	return nil
}

// linkedViewKinds are the view kinds a menu link may name by keys: the
// kanban board and the schedule (Gantt), each a screen of its own.
var linkedViewKinds = []string{"kanban", "schedule"}

// ViewLink splits a menu link naming a board or a schedule by keys,
// /{kind}/{component}.{view}/{title}, into its parts.
func ViewLink(link string) (kind, component, view, title string, ok bool) {
	for _, k := range linkedViewKinds {
		rest, found := strings.CutPrefix(link, "/"+k+"/")
		if !found {
			continue
		}
		keys, title, _ := strings.Cut(rest, "/")
		component, view, found = strings.Cut(keys, ".")
		if !found || !schema.KeyPattern.MatchString(component) || !schema.KeyPattern.MatchString(view) {
			return "", "", "", "", false
		}
		return k, component, view, title, true
	}
	return "", "", "", "", false
}

// screenLink reads a menu link to an application's screen named by its
// title, /{screen}/{title} (projects, calendar), answering the title
// escaped as the browser writes it.
func screenLink(link, screen string) (title string, ok bool) {
	title, found := strings.CutPrefix(link, "/"+screen+"/")
	if !found || title == "" || strings.ContainsAny(title, "/?#") {
		return "", false
	}
	if raw, err := url.PathUnescape(title); err == nil {
		title = url.PathEscape(raw)
	}
	return title, true
}

// listLink is the runtime path of spec section 2,
// /runtime/{appID}/list/{componentID}/{form}/{query}/{view}/{title}; a part
// the package leaves out is 0.
func (im *importer) listLink(app int64, m MenuEntry) string {
	l := m.List
	id := func(ids map[string]int64, key string) string { return strconv.FormatInt(ids[key], 10) }
	return fmt.Sprintf("/runtime/%d/list/%d/%s/%s/%s/%s", app, im.components[l.Component],
		id(im.forms[l.Component], l.Form), id(im.queries[l.Component], l.Query), id(im.views[l.Component], l.View),
		url.PathEscape(m.Name["pt-BR"]))
}

// operationsStep upserts the operations of the application by key; the rest
// of the definition is kept whole in spec.
func (im *importer) operationsStep(ctx context.Context, p *Package) error {
	app := im.rep.ApplicationID
	im.operations = map[string]int64{}
	var keys []string
	for i, o := range p.Operations {
		for _, g := range o.Groups {
			im.groupID(ctx, g, o.Line)
		}
		name, _ := json.Marshal(o.Name)
		var comp *int64
		if o.Component != "" {
			v := im.components[o.Component]
			comp = &v
		}
		rest := o
		rest.Key, rest.Name = "", nil
		spec, _ := json.Marshal(rest)
		var id int64
		if err := im.tx.QueryRow(ctx, `INSERT INTO operation (application_id, key, name, component_id, spec, sort_order)
			VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (application_id, key) DO UPDATE SET name = EXCLUDED.name,
			component_id = EXCLUDED.component_id, spec = EXCLUDED.spec, sort_order = EXCLUDED.sort_order, retired_at = NULL
			RETURNING id`, app, o.Key, name, comp, spec, i*10).Scan(&id); err != nil {
			return fmt.Errorf("operation %s: %w", o.Key, err)
		}
		im.operations[o.Key] = id
		keys = append(keys, o.Key)
	}
	return im.retire(ctx, "operation", "application_id", app, keys, "operation")
}
