package main

import (
	"context"
	"fmt"
	"log"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tramita/tramita/internal/items/table"
)

type seedInfo struct {
	appID       int64 // the demo application projectManagement
	taskID      int64 // its type "task": the big list
	riskID      int64 // its type "risk": the small list of the load test
	adminID     int64
	total       int64 // task items after seeding
	inserted    int
	insertTime  time.Duration
	indexTime   time.Duration
	analyzeTime time.Duration
	tableMB     int64
}

// seedValues are the attribute values of item g, by key, as SQL over g, ts
// (its creation) and area (it or ops); $5 is the administrator. Each is cast
// to its column's type (table.SQLType): a date is the text a form sends.
var seedValues = []struct{ key, expr string }{
	{"description", `'Detalhar escopo, responsáveis e critérios de aceite.'`},
	{"priority", `(ARRAY['low','medium','high'])[1 + (g * 7 / 5) % 3]`},
	{"area", `area`},
	{"subarea", `CASE WHEN area = 'ops' THEN 'logistics' WHEN g % 4 < 2 THEN 'dev' ELSE 'infra' END`},
	{"startDate", `to_char(ts, 'YYYY-MM-DD"T00:00:00Z"')`},
	{"dueDate", `to_char(ts + ((3 + g % 40) * interval '1 day'), 'YYYY-MM-DD"T00:00:00Z"')`},
	{"estimate", `(g % 80) / 2.0`},
	{"progress", `((g * 13) % 11) * 10`},
	{"cost", `((g::bigint * 7919) % 500000) / 100.0`},
	{"milestone", `g % 10 = 0`},
	{"storyPoints", `(ARRAY[1,2,3,5,8,13])[1 + g % 6]`},
	{"reviewer", `$5::bigint`},
}

// seedKeys are the keys of seedValues, in order.
func seedKeys() []string {
	keys := make([]string, len(seedValues))
	for i, v := range seedValues {
		keys[i] = v.key
	}
	return keys
}

// seedSQL inserts the task items numbered $2+lo .. $2+hi ($6, $7) into the
// type's typed table, with the ids $8+lo-1 .. $8+hi-1 (reserved by
// bulkLoad, which writes their registry rows after); attrs are the
// attributes of seedValues, in order. Values are deterministic functions of
// g so every run lists the same data; the shapes follow internal/items/demo
// (same attribute keys and value types).
func seedSQL(componentID int64, attrs []table.Attr) string {
	cols := []string{"id", "component_id", "number", "title", "project_id", "status_id", "responsible_id", "creator_id",
		"created_at", "modifier_id", "modified_at"}
	var exprs []string
	for i, a := range attrs {
		cols = append(cols, table.Column(a.ID))
		exprs = append(exprs, `(`+seedValues[i].expr+`)::`+table.SQLType(a.Type))
	}
	return `
INSERT INTO ` + table.Name(componentID) + ` (` + strings.Join(cols, ", ") + `)
SELECT $8::bigint + g - 1, $1::bigint, $2::bigint + g,
       (ARRAY['Revisar','Atualizar','Migrar','Validar','Documentar','Testar','Planejar','Publicar'])[1 + g % 8] || ' ' ||
       (ARRAY['contrato','relatório','servidor','orçamento','cronograma','painel','fornecedor','inventário','backlog','treinamento'])[1 + (g / 8) % 10] ||
       ' ' || g,
       ($3::bigint[])[1 + g % cardinality($3::bigint[])],
       ($4::bigint[])[1 + (g / 3) % cardinality($4::bigint[])],
       $5, $5, ts, $5, ts,
       ` + strings.Join(exprs, ",\n       ") + `
FROM generate_series($6::int, $7::int) g,
     LATERAL (SELECT timestamptz '2023-01-01 08:00:00+00' + g * interval '47 seconds' AS ts,
                     CASE WHEN g % 3 = 0 THEN 'ops' ELSE 'it' END AS area) v`
}

// seed bulk-inserts n task items straight into the server's database (its
// unix socket) through bulkLoad.
func seed(ctx context.Context, pool *pgxpool.Pool, n int) (seedInfo, error) {
	var s seedInfo
	err := pool.QueryRow(ctx, `SELECT a.id, c.id FROM component c JOIN application a ON a.id = c.application_id
		JOIN app_package p ON p.application_id = a.id
		WHERE c.key = 'task' AND c.retired_at IS NULL ORDER BY c.id LIMIT 1`).Scan(&s.appID, &s.taskID)
	if err != nil {
		return s, fmt.Errorf("find the demo type task (TRAMITA_DEMO=true imports it): %w", err)
	}
	if err := pool.QueryRow(ctx, `SELECT id FROM component WHERE application_id = $1 AND key = 'risk'`, s.appID).Scan(&s.riskID); err != nil {
		return s, fmt.Errorf("find the demo type risk: %w", err)
	}
	if err := pool.QueryRow(ctx, `SELECT id FROM app_user WHERE login = 'admin'`).Scan(&s.adminID); err != nil {
		if err2 := pool.QueryRow(ctx, `SELECT id FROM app_user ORDER BY id LIMIT 1`).Scan(&s.adminID); err2 != nil {
			return s, fmt.Errorf("find admin: %w", err)
		}
	}
	var projects, statuses []int64
	var last int64
	if err := pool.QueryRow(ctx, `SELECT coalesce(array_agg(DISTINCT project_id) FILTER (WHERE project_id IS NOT NULL), '{}'),
		(SELECT array_agg(id ORDER BY sort_order) FROM item_status WHERE component_id = $1),
		(SELECT last_number FROM component WHERE id = $1)
		FROM item WHERE component_id = $1`, s.taskID).Scan(&projects, &statuses, &last); err != nil {
		return s, fmt.Errorf("demo projects and statuses: %w", err)
	}
	if len(projects) == 0 || len(statuses) == 0 {
		return s, fmt.Errorf("the demo task items have no projects or statuses")
	}

	attrs, err := typedColumns(ctx, pool, s.taskID, seedKeys())
	if err != nil {
		return s, err
	}
	insert := seedSQL(s.taskID, attrs)

	log.Printf("inserting %d items of type task (component %d)", n, s.taskID)
	bt, err := bulkLoad(ctx, pool, s.taskID, n, func(ctx context.Context, first int64, prepare func(*pgxpool.Conn) error) error {
		const batch = 50_000
		var jobs []func(context.Context) error
		for lo := 1; lo <= n; lo += batch {
			hi := min(lo+batch-1, n)
			jobs = append(jobs, func(gctx context.Context) error {
				conn, err := pool.Acquire(gctx)
				if err != nil {
					return err
				}
				defer conn.Release()
				if err := prepare(conn); err != nil {
					return err
				}
				if _, err := conn.Exec(gctx, insert, s.taskID, last, projects, statuses, s.adminID, lo, hi, first); err != nil {
					return fmt.Errorf("insert items %d-%d: %w", lo, hi, err)
				}
				if hi%200_000 == 0 || hi == n {
					log.Printf("  ... %d", hi)
				}
				return nil
			})
		}
		if err := parallel(ctx, 2, jobs); err != nil {
			return err
		}
		_, err := pool.Exec(ctx, `UPDATE component SET last_number = last_number + $2 WHERE id = $1`, s.taskID, n)
		return err
	})
	if err != nil {
		return s, err
	}
	s.inserted = n
	s.insertTime, s.indexTime, s.analyzeTime = bt.insert, bt.index, bt.analyze
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM item WHERE component_id = $1 AND deleted_at IS NULL`, s.taskID).Scan(&s.total); err != nil {
		return s, err
	}
	bytes, err := itemBytes(ctx, pool, s.taskID)
	if err != nil {
		return s, err
	}
	s.tableMB = bytes / 1048576
	log.Printf("seeded: %d task items, insert %s, indexes %s, vacuum analyze %s, item table %d MB",
		s.total, s.insertTime.Round(time.Second), s.indexTime.Round(time.Second), s.analyzeTime.Round(time.Second), s.tableMB)
	return s, nil
}

// parallel runs jobs, at most n at once; the first error cancels the rest.
func parallel(ctx context.Context, n int, jobs []func(context.Context) error) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	sem := make(chan struct{}, n)
	errs := make(chan error, len(jobs))
	for _, job := range jobs {
		sem <- struct{}{}
		go func() {
			defer func() { <-sem }()
			if err := job(ctx); err != nil {
				cancel()
				errs <- err
			}
		}()
	}
	for range n {
		sem <- struct{}{}
	}
	close(errs)
	return <-errs
}
