package apppkg

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"
	"go.yaml.in/yaml/v3"

	"github.com/tramita/tramita/internal/reports/definition"
)

// ReportDefinition is a report of the package; its format and checks belong
// to the reports module (internal/reports/definition).
type ReportDefinition definition.Report

func (r *ReportDefinition) UnmarshalYAML(n *yaml.Node) error {
	type plain ReportDefinition
	r.Line = n.Line
	return strict(n, (*plain)(r))
}

// reports checks the package's reports against its types' attributes.
func (c *checker) reports(p *Package) {
	unique(c, "report", p.Reports, func(x ReportDefinition) (string, int) { return x.Key, x.Line })
	attrs := map[string]map[string]string{}
	for _, comp := range p.Components {
		m := map[string]string{}
		for _, a := range comp.Attributes {
			m[a.Key] = a.Type
		}
		attrs[comp.Key] = m
	}
	for _, r := range p.Reports {
		c.key(r.Line, "report", r.Key)
		if attrs[r.Component] == nil {
			c.add(r.Line, "report %q: component %q is not defined", r.Key, r.Component)
		}
		for _, problem := range definition.Check(definition.Report(r), attrs[r.Component]) {
			c.add(r.Line, "%s", problem)
		}
	}
}

// reportsStep upserts the reports of the application by key; the rest of
// the definition is kept whole in spec.
func (im *importer) reportsStep(ctx context.Context, p *Package) error {
	app := im.rep.ApplicationID
	im.reports = map[string]int64{}
	var keys []string
	for i, r := range p.Reports {
		name, _ := json.Marshal(r.Name)
		rest := r
		rest.Key, rest.Name = "", nil
		spec, _ := json.Marshal(rest)
		var id int64
		if err := im.tx.QueryRow(ctx, `INSERT INTO report (application_id, key, name, component_id, spec, sort_order)
			VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (application_id, key) DO UPDATE SET name = EXCLUDED.name,
			component_id = EXCLUDED.component_id, spec = EXCLUDED.spec, sort_order = EXCLUDED.sort_order, retired_at = NULL
			RETURNING id`, app, r.Key, name, im.components[r.Component], spec, i*10).Scan(&id); err != nil {
			return fmt.Errorf("report %s: %w", r.Key, err)
		}
		im.reports[r.Key] = id
		keys = append(keys, r.Key)
	}
	return im.retire(ctx, "report", "application_id", app, keys, "report")
}

func exportReports(ctx context.Context, tx pgx.Tx, appID int64, p *Package, names map[string]string) error {
	rows, err := tx.Query(ctx, `SELECT id, key, name, spec FROM report WHERE application_id = $1 AND retired_at IS NULL
		ORDER BY sort_order, id`, appID)
	if err != nil {
		return err
	}
	for rows.Next() {
		var r ReportDefinition
		var id int64
		var key string
		var name Text
		if err := rows.Scan(&id, &key, &name, &r); err != nil {
			return err
		}
		r.Key, r.Name = key, name
		names["r"+strconv.FormatInt(id, 10)] = key
		p.Reports = append(p.Reports, r)
	}
	return rows.Err()
}

// reportOf turns a report path written by the importer back into the
// report's key.
func reportOf(appID int64, link string, names map[string]string) string {
	rest, ok := strings.CutPrefix(link, "/runtime/"+strconv.FormatInt(appID, 10)+"/report/")
	if !ok {
		return ""
	}
	id, _, _ := strings.Cut(rest, "/")
	return names["r"+id]
}
