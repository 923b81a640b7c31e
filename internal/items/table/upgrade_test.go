package table_test

import (
	"context"
	"log/slog"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/database"
	"github.com/tramita/tramita/internal/items/table"
	"github.com/tramita/tramita/internal/testkit/itemstest"
)

// upgradeItems is how many task items the upgrade test adds to the demo's.
const upgradeItems = 100_000

// A database of one item table (the demo and a 100,000-item seed, its
// values in the registry's jsonb only) upgrades in place: migration 00102
// gives every type its table and drops the registry's attributes, and every
// item's values arrive, checked by counts and a checksum of each item's
// system fields and values on both sides; search keeps its words.
func TestUpgradeFromOneItemTableLosesNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("seeds 100,000 items")
	}
	d := itemstest.New(t)
	ctx := context.Background()
	db := d.DB
	rows, err := db.Query(ctx, `SELECT id FROM component ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	types, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		t.Fatal(err)
	}
	// Back to one item table, as batch 1 kept it: the values in the
	// registry's jsonb, search generated from them, no typed tables.
	for _, q := range []string{
		`DROP VIEW live_item`,
		`ALTER TABLE item ADD COLUMN attributes jsonb NOT NULL DEFAULT '{}'`,
		`ALTER TABLE item DROP COLUMN search`,
		`ALTER TABLE item ADD COLUMN search tsvector GENERATED ALWAYS AS (to_tsvector('portuguese', tramita_unaccent(title)) ||
			jsonb_to_tsvector('portuguese'::regconfig, tramita_unaccent(attributes::text)::jsonb, '["string"]')) STORED`,
		`CREATE INDEX item_search ON item USING gin (search)`,
		`CREATE VIEW live_item AS SELECT * FROM item WHERE deleted_at IS NULL`,
		`DELETE FROM goose_db_version WHERE version_id = 102`,
	} {
		if _, err := db.Exec(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	for _, id := range types {
		attrs, err := table.Attrs(ctx, db, id)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.Exec(ctx, `UPDATE item i SET attributes = `+table.AttributesExpr("t", attrs)+
			` FROM `+table.Name(id)+` t WHERE t.id = i.id`); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Exec(ctx, `DROP TABLE `+table.Name(id)); err != nil {
			t.Fatal(err)
		}
	}
	// Values of every kind the task type has, some missing, as saves write them.
	if _, err := db.Exec(ctx, `INSERT INTO item (component_id, number, title, project_id, status_id, responsible_id,
			creator_id, created_at, modifier_id, modified_at, attributes)
		SELECT $1, 100000 + g, 'Tarefa ' || g, (SELECT min(id) FROM project), (SELECT min(id) FROM item_status WHERE component_id = $1),
			$2, $2, timestamptz '2024-01-01' + g * interval '1 minute', $2, timestamptz '2024-01-01' + g * interval '1 minute',
			jsonb_strip_nulls(jsonb_build_object(
				'description', CASE WHEN g % 7 <> 0 THEN 'Descrição ' || g END,
				'priority', (ARRAY['low','medium','high'])[1 + g % 3],
				'startDate', to_char((timestamptz '2024-01-01' + g * interval '1 hour') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
				'estimate', CASE WHEN g % 5 <> 0 THEN (g % 80) / 2.0 END,
				'progress', (g * 13) % 101,
				'cost', ((g::bigint * 7919) % 500000) / 100.0,
				'milestone', g % 10 = 0,
				'storyPoints', (ARRAY[1,2,3,5,8,13])[1 + g % 6],
				'reviewer', CASE WHEN g % 2 = 0 THEN $2::bigint END))
		FROM generate_series(1, $3::int) g`, d.Task, d.Ana.UserID, upgradeItems); err != nil {
		t.Fatal(err)
	}

	// Each item as the registry holds it, and as its type's table does.
	const registrySum = `SELECT count(*), md5(string_agg(i.id || '|' || i.number || '|' || i.title || '|' ||
			coalesce(i.status_id::text, '') || '|' || coalesce(i.project_id::text, '') || '|' || i.modified_at || '|' ||
			(SELECT coalesce(jsonb_object_agg(a.key, i.attributes -> a.key), '{}') FROM attribute a
			 WHERE a.component_id = i.component_id AND i.attributes ? a.key AND jsonb_typeof(i.attributes -> a.key) <> 'null')::text,
			',' ORDER BY i.id))
		FROM item i WHERE i.component_id = $1`
	before := map[int64][2]string{}
	for _, id := range types {
		var n, sum string
		if err := db.QueryRow(ctx, `SELECT n::text, coalesce(s, '') FROM (`+registrySum+`) x(n, s)`, id).Scan(&n, &sum); err != nil {
			t.Fatal(err)
		}
		before[id] = [2]string{n, sum}
	}

	const searchSum = `SELECT md5(string_agg(search::text, ',' ORDER BY id)) FROM item`
	var searchBefore, searchAfter string
	if err := db.QueryRow(ctx, searchSum).Scan(&searchBefore); err != nil {
		t.Fatal(err)
	}

	// The upgrade: migration 00102, as `tramita migrate` and a start run it.
	began := time.Now()
	if err := database.Migrate(ctx, db, slog.New(slog.DiscardHandler)); err != nil {
		t.Fatal(err)
	}
	t.Logf("the upgrade of %d items took %s", upgradeItems, time.Since(began).Round(time.Millisecond))
	var left bool
	if err := db.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = 'item'::regclass
		AND attname = 'attributes' AND NOT attisdropped)`).Scan(&left); err != nil || left {
		t.Fatalf("the registry still holds the attributes: %v %v", left, err)
	}
	if err := db.QueryRow(ctx, searchSum).Scan(&searchAfter); err != nil || searchAfter != searchBefore {
		t.Fatalf("search changed: %s before, %s after (%v)", searchBefore, searchAfter, err)
	}
	for _, id := range types {
		attrs, err := table.Attrs(ctx, db, id)
		if err != nil {
			t.Fatal(err)
		}
		var n, sum string
		err = db.QueryRow(ctx, `SELECT count(*)::text, coalesce(md5(string_agg(t.id || '|' || t.number || '|' || t.title || '|' ||
				coalesce(t.status_id::text, '') || '|' || coalesce(t.project_id::text, '') || '|' || t.modified_at || '|' ||
				`+table.AttributesExpr("t", attrs)+`::text, ',' ORDER BY t.id)), '')
			FROM `+table.Name(id)+` t`).Scan(&n, &sum)
		if err != nil {
			t.Fatal(err)
		}
		if got := [2]string{n, sum}; got != before[id] {
			t.Errorf("type %d: %s items, checksum %s after; %s items, %s before", id, n, sum, before[id][0], before[id][1])
		}
	}
	var tasks int
	if err := db.QueryRow(ctx, `SELECT count(*) FROM `+table.Name(d.Task)).Scan(&tasks); err != nil || tasks < upgradeItems {
		t.Fatalf("task items in the typed table: %d %v", tasks, err)
	}
}
