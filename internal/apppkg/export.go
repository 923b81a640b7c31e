package apppkg

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"go.yaml.in/yaml/v3"
)

// ErrNoApplication is returned by Export for an unknown key.
var ErrNoApplication = errors.New("no application with this key")

// Export reads back the package of application key: what is not retired.
// Importing it again changes nothing.
func Export(ctx context.Context, db *pgxpool.Pool, key string) (*Package, error) {
	tx, err := db.BeginTx(ctx, pgx.TxOptions{AccessMode: pgx.ReadOnly, IsoLevel: pgx.RepeatableRead})
	if err != nil {
		return nil, err
	}
	defer tx.Rollback(ctx)
	p := &Package{Key: key}
	a := &p.Application
	var appID int64
	err = tx.QueryRow(ctx, `SELECT id, name, icon_name, is_font_awesome_icon, image_content, display_on_toolbar, url_behavior,
		url_link, app_version, collapsed_menu, html_scripts, sort_order FROM application WHERE key = $1`, key).Scan(
		&appID, &a.Name, &a.Icon, &a.IsFontAwesomeIcon, &a.ImageContent, &a.DisplayOnToolbar, &a.URLBehavior, &a.URLLink,
		&a.AppVersion, &a.CollapsedMenu, &a.HTMLScripts, &a.SortOrder)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, ErrNoApplication
	}
	if err != nil {
		return nil, err
	}
	if p.Groups, err = strings2(ctx, tx, `SELECT g.name::text FROM application_group ag JOIN user_group g ON g.id = ag.group_id
		WHERE ag.application_id = $1 ORDER BY g.name`, appID); err != nil {
		return nil, err
	}
	if err := exportPicklists(ctx, tx, appID, p); err != nil {
		return nil, err
	}
	rows, err := tx.Query(ctx, `SELECT id, key, name, icon, project_scoped FROM component
		WHERE application_id = $1 AND retired_at IS NULL ORDER BY sort_order, id`, appID)
	if err != nil {
		return nil, err
	}
	type ref struct {
		id  int64
		key string
	}
	var comps []ref
	for rows.Next() {
		var c Component
		var id int64
		if err := rows.Scan(&id, &c.Key, &c.Name, &c.Icon, &c.ProjectScoped); err != nil {
			return nil, err
		}
		p.Components = append(p.Components, c)
		comps = append(comps, ref{id, c.Key})
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	// ids of forms, queries and views for the menu's list links
	names := map[string]string{}
	for i, c := range comps {
		if err := exportComponent(ctx, tx, c.id, &p.Components[i], names); err != nil {
			return nil, err
		}
		names["c"+strconv.FormatInt(c.id, 10)] = c.key
	}
	if err := exportOperations(ctx, tx, appID, p, names); err != nil {
		return nil, err
	}
	if err := exportReports(ctx, tx, appID, p, names); err != nil {
		return nil, err
	}
	if err := exportMenu(ctx, tx, appID, p, names); err != nil {
		return nil, err
	}
	return p, nil
}

func strings2(ctx context.Context, tx pgx.Tx, sql string, args ...any) ([]string, error) {
	rows, err := tx.Query(ctx, sql, args...)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}

func exportPicklists(ctx context.Context, tx pgx.Tx, appID int64, p *Package) error {
	rows, err := tx.Query(ctx, `SELECT pl.id, pl.key, pl.name, coalesce(d.key, '') FROM picklist pl
		LEFT JOIN picklist d ON d.id = pl.depends_on WHERE pl.application_id = $1 AND pl.retired_at IS NULL ORDER BY pl.id`, appID)
	if err != nil {
		return err
	}
	var ids []int64
	for rows.Next() {
		var pl Picklist
		var id int64
		if err := rows.Scan(&id, &pl.Key, &pl.Name, &pl.DependsOn); err != nil {
			return err
		}
		if len(pl.Name) == 0 {
			pl.Name = nil
		}
		p.Picklists = append(p.Picklists, pl)
		ids = append(ids, id)
	}
	if err := rows.Err(); err != nil {
		return err
	}
	for i, id := range ids {
		rows, err := tx.Query(ctx, `SELECT value, text, color, image, is_font_awesome, coalesce(parent_value, '') FROM picklist_item
			WHERE picklist_id = $1 AND retired_at IS NULL ORDER BY sort_order, id`, id)
		if err != nil {
			return err
		}
		for rows.Next() {
			var it PicklistItem
			if err := rows.Scan(&it.Value, &it.Text, &it.Color, &it.Image, &it.IsFontAwesome, &it.Parent); err != nil {
				return err
			}
			p.Picklists[i].Items = append(p.Picklists[i].Items, it)
		}
		if err := rows.Err(); err != nil {
			return err
		}
	}
	return nil
}

func exportComponent(ctx context.Context, tx pgx.Tx, id int64, c *Component, names map[string]string) error {
	rows, err := tx.Query(ctx, `SELECT g.name::text, cg.can_read, cg.can_create, cg.can_update, cg.can_delete
		FROM component_grant cg JOIN user_group g ON g.id = cg.group_id WHERE cg.component_id = $1 ORDER BY g.name`, id)
	if err != nil {
		return err
	}
	for rows.Next() {
		var g Grant
		var r [4]bool
		if err := rows.Scan(&g.Group, &r[0], &r[1], &r[2], &r[3]); err != nil {
			return err
		}
		for i, ok := range r {
			if ok {
				g.Rights = append(g.Rights, rights[i])
			}
		}
		c.Permissions = append(c.Permissions, g)
	}
	if err := rows.Err(); err != nil {
		return err
	}
	rows, err = tx.Query(ctx, `SELECT a.key, a.name, a.type, a.required, coalesce(pl.key, ''), coalesce(t.key, ''), a.filter_as_list,
			a.is_file_index, a.edit_in_grid, a.date_time_format_type, a.date_time_format, coalesce(a.column_width, 0),
			coalesce(a.interval_minutes, 0), a.default_query
		FROM attribute a LEFT JOIN picklist pl ON pl.id = a.picklist_id LEFT JOIN component t ON t.id = a.target_component_id
		WHERE a.component_id = $1 AND a.retired_at IS NULL ORDER BY a.sort_order, a.id`, id)
	if err != nil {
		return err
	}
	for rows.Next() {
		var a Attribute
		if err := rows.Scan(&a.Key, &a.Name, &a.Type, &a.Required, &a.Picklist, &a.Component, &a.FilterAsList, &a.IsFileIndex,
			&a.EditInGrid, &a.DateTimeFormatType, &a.DateTimeFormat, &a.ColumnWidth, &a.Interval, &a.DefaultQuery); err != nil {
			return err
		}
		c.Attributes = append(c.Attributes, a)
	}
	if err := rows.Err(); err != nil {
		return err
	}
	rows, err = tx.Query(ctx, `SELECT id, key, name, color, initial, final FROM item_status
		WHERE component_id = $1 AND retired_at IS NULL ORDER BY sort_order, id`, id)
	if err != nil {
		return err
	}
	statusKeys := map[int64]string{}
	for rows.Next() {
		var s Status
		var sid int64
		if err := rows.Scan(&sid, &s.Key, &s.Name, &s.Color, &s.Initial, &s.Final); err != nil {
			return err
		}
		statusKeys[sid] = s.Key
		c.Statuses = append(c.Statuses, s)
	}
	if err := rows.Err(); err != nil {
		return err
	}
	rows, err = tx.Query(ctx, `SELECT key, name, spec FROM item_action WHERE component_id = $1 AND retired_at IS NULL ORDER BY sort_order, id`, id)
	if err != nil {
		return err
	}
	for rows.Next() {
		var a, spec Action
		if err := rows.Scan(&a.Key, &a.Name, &spec); err != nil {
			return err
		}
		spec.Key, spec.Name = a.Key, a.Name
		a = spec
		c.Actions = append(c.Actions, a)
	}
	if err := rows.Err(); err != nil {
		return err
	}
	rows, err = tx.Query(ctx, `SELECT key, source FROM component_rule WHERE component_id = $1 AND retired_at IS NULL ORDER BY sort_order, id`, id)
	if err != nil {
		return err
	}
	for rows.Next() {
		var r NamedRule
		if err := rows.Scan(&r.Key, &r.Source); err != nil {
			return err
		}
		c.Rules = append(c.Rules, r)
	}
	if err := rows.Err(); err != nil {
		return err
	}
	rows, err = tx.Query(ctx, `SELECT id, key, name, tree, on_save FROM item_form WHERE component_id = $1 AND retired_at IS NULL ORDER BY sort_order, id`, id)
	if err != nil {
		return err
	}
	for rows.Next() {
		var f Form
		var fid int64
		if err := rows.Scan(&fid, &f.Key, &f.Name, &f.Tree, &f.OnSave); err != nil {
			return err
		}
		names["f"+strconv.FormatInt(fid, 10)] = f.Key
		c.Forms = append(c.Forms, f)
	}
	if err := rows.Err(); err != nil {
		return err
	}
	rows, err = tx.Query(ctx, `SELECT id, key, name, is_default, condition FROM item_query WHERE component_id = $1 AND retired_at IS NULL ORDER BY sort_order, id`, id)
	if err != nil {
		return err
	}
	for rows.Next() {
		var q Query
		var qid int64
		var cond []byte
		if err := rows.Scan(&qid, &q.Key, &q.Name, &q.Default, &cond); err != nil {
			return err
		}
		if string(cond) != "{}" {
			var where Condition
			if err := json.Unmarshal(cond, &where); err != nil {
				return fmt.Errorf("query %s: %w", q.Key, err)
			}
			where = StatusIDsToKeys(where, statusKeys)
			q.Where = &where
		}
		names["q"+strconv.FormatInt(qid, 10)] = q.Key
		c.Queries = append(c.Queries, q)
	}
	if err := rows.Err(); err != nil {
		return err
	}
	rows, err = tx.Query(ctx, `SELECT id, key, name, kind, is_default, compact, columns, sort, fields, coalesce(query_key, ''), wip, wip_strict FROM item_view
		WHERE component_id = $1 AND retired_at IS NULL ORDER BY sort_order, id`, id)
	if err != nil {
		return err
	}
	for rows.Next() {
		var v View
		var vid int64
		if err := rows.Scan(&vid, &v.Key, &v.Name, &v.Kind, &v.Default, &v.Compact, &v.Columns, &v.Sort, &v.Fields, &v.Query, &v.WIP, &v.WIPStrict); err != nil {
			return err
		}
		if len(v.WIP) == 0 {
			v.WIP = nil
		}
		if slices.Contains(linkedViewKinds, v.Kind) {
			names[v.Kind+strconv.FormatInt(vid, 10)] = c.Key + "." + v.Key
		}
		if v.Kind == "list" {
			v.Kind = ""
		}
		if len(v.Columns) == 0 {
			v.Columns = nil
		}
		if len(v.Sort) == 0 {
			v.Sort = nil
		}
		if len(v.Fields) == 0 {
			v.Fields = nil
		}
		names["v"+strconv.FormatInt(vid, 10)] = v.Key
		c.Views = append(c.Views, v)
	}
	return rows.Err()
}

func exportMenu(ctx context.Context, tx pgx.Tx, appID int64, p *Package, names map[string]string) error {
	rows, err := tx.Query(ctx, `SELECT key, coalesce(key_parent, ''), name, link, icon, is_font_awesome, badge, title, multilevel
		FROM menu_entry WHERE application_id = $1 ORDER BY sort_order, id`, appID)
	if err != nil {
		return err
	}
	for rows.Next() {
		var m MenuEntry
		if err := rows.Scan(&m.Key, &m.Parent, &m.Name, &m.Link, &m.Icon, &m.IsFontAwesome, &m.Badge, &m.Title, &m.Multilevel); err != nil {
			return err
		}
		if l := listOf(appID, m.Link, names); l != nil {
			m.List, m.Link = l, ""
		}
		if o := operationOf(appID, m.Link, names); o != "" {
			m.Operation, m.Link = o, ""
		}
		if r := reportOf(appID, m.Link, names); r != "" {
			m.Report, m.Link = r, ""
		}
		// A board's or schedule's runtime address goes back to the keys the
		// package wrote.
		for _, kind := range linkedViewKinds {
			if rest, ok := strings.CutPrefix(m.Link, "/runtime/"+strconv.FormatInt(appID, 10)+"/"+kind+"/"); ok {
				id, title, _ := strings.Cut(rest, "/")
				if keys := names[kind+id]; keys != "" {
					m.Link = "/" + kind + "/" + keys + "/" + title
				}
			}
		}
		for _, screen := range []string{"projects", "calendar"} {
			if title, ok := strings.CutPrefix(m.Link, "/runtime/"+strconv.FormatInt(appID, 10)+"/"+screen+"/"); ok {
				m.Link = "/" + screen + "/" + title
			}
		}
		p.Menu = append(p.Menu, m)
	}
	return rows.Err()
}

// listOf turns a list path written by the importer back into package keys.
func listOf(appID int64, link string, names map[string]string) *ListLink {
	prefix := "/runtime/" + strconv.FormatInt(appID, 10) + "/list/"
	rest, ok := strings.CutPrefix(link, prefix)
	if !ok {
		return nil
	}
	parts := strings.Split(rest, "/")
	if len(parts) < 4 {
		return nil
	}
	comp, ok := names["c"+parts[0]]
	if !ok {
		return nil
	}
	return &ListLink{Component: comp, Form: names["f"+parts[1]], Query: names["q"+parts[2]], View: names["v"+parts[3]]}
}

func exportOperations(ctx context.Context, tx pgx.Tx, appID int64, p *Package, names map[string]string) error {
	rows, err := tx.Query(ctx, `SELECT id, key, name, spec FROM operation WHERE application_id = $1 AND retired_at IS NULL
		ORDER BY sort_order, id`, appID)
	if err != nil {
		return err
	}
	for rows.Next() {
		var o Operation
		var id int64
		var key string
		var name Text
		if err := rows.Scan(&id, &key, &name, &o); err != nil {
			return err
		}
		o.Key, o.Name = key, name
		names["o"+strconv.FormatInt(id, 10)] = key
		p.Operations = append(p.Operations, o)
	}
	return rows.Err()
}

// operationOf turns an operation path written by the importer back into
// the operation's key.
func operationOf(appID int64, link string, names map[string]string) string {
	rest, ok := strings.CutPrefix(link, "/runtime/"+strconv.FormatInt(appID, 10)+"/operation/")
	if !ok {
		return ""
	}
	id, _, _ := strings.Cut(rest, "/")
	return names["o"+id]
}

// Marshal writes p as YAML.
func Marshal(p *Package) ([]byte, error) {
	var b strings.Builder
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(p); err != nil {
		return nil, err
	}
	return []byte(b.String()), enc.Close()
}
