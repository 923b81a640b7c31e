// Package demo loads the demo application packages and a few hundred sample
// items on the first start of a new installation, so the product has
// something to show and the docs have examples to point at.
package demo

import (
	"context"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	demoapps "github.com/tramita/tramita/apps/demo"
	"github.com/tramita/tramita/internal/apppkg"
	"github.com/tramita/tramita/internal/items/table"
)

// Options say whether the demo loads and how its user signs in.
type Options struct {
	Enabled bool
	// Password is the demo user's (UserLogin); empty: a random one, written
	// once to Notice, to be changed at the first sign-in.
	Password string
	Notice   io.Writer
}

// Load imports each demo package whose application is not there yet, with
// its sample data and, with the project management package, the demo user.
// A package already imported (or removed by an administrator after import,
// see app_package) is left alone, so restarts and upgrades never duplicate
// or resurrect demo data.
func Load(ctx context.Context, db *pgxpool.Pool, log *slog.Logger, opts Options) error {
	if !opts.Enabled {
		return nil
	}
	files, err := fs.Glob(demoapps.Packages, "*.yaml")
	if err != nil {
		return err
	}
	for _, f := range files {
		data, err := fs.ReadFile(demoapps.Packages, f)
		if err != nil {
			return err
		}
		p, err := apppkg.Parse(f, data)
		if err != nil {
			return err
		}
		var exists bool
		if err := db.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM application WHERE key = $1)`, p.Key).Scan(&exists); err != nil {
			return err
		}
		if exists {
			continue
		}
		rep, err := apppkg.Import(ctx, db, f, p)
		if err != nil {
			return fmt.Errorf("demo package %s: %w", f, err)
		}
		n, generated, err := seed(ctx, db, log, rep.ApplicationID, p.Key, opts.Password)
		if err != nil {
			return fmt.Errorf("demo items %s: %w", f, err)
		}
		log.Info("demo application loaded", "package", p.Key, "items", n)
		if generated != "" && opts.Notice != nil {
			fmt.Fprintf(opts.Notice, "\nDemo user created. Login: %s  Password: %s\nThis password is shown only once and must be changed at the first sign-in.\n\n",
				UserLogin, generated)
		}
	}
	return nil
}

var (
	verbs   = []string{"Revisar", "Implantar", "Migrar", "Documentar", "Testar", "Configurar", "Atualizar", "Homologar", "Corrigir", "Planejar"}
	objects = []string{"o portal do cliente", "a integração com o ERP", "o servidor de e-mail", "o relatório de vendas", "a rede da filial",
		"o cadastro de fornecedores", "o contrato de suporte", "a API de pagamentos", "o backup noturno", "o painel financeiro"}
	problems = []string{"Sem acesso ao sistema", "Impressora não imprime", "Senha expirada", "Lentidão na rede", "Erro ao emitir nota fiscal",
		"Notebook não liga", "VPN desconecta", "E-mail não sincroniza", "Solicitação de novo equipamento", "Permissão de pasta"}
	projectNames = []string{"Transformação Digital", "Nova Sede", "Implantação do ERP"}
)

// seed writes sample projects and items with a fixed random source: the
// same data on every installation, which the docs and tests may rely on.
// With the projects it adds the demo user (password: addUser).
func seed(ctx context.Context, db *pgxpool.Pool, log *slog.Logger, appID int64, key, password string) (count int, generated string, err error) {
	r := rand.New(rand.NewPCG(7, uint64(appID)))
	err = pgx.BeginFunc(ctx, db, func(tx pgx.Tx) error {
		var admin int64
		if err := tx.QueryRow(ctx, `SELECT id FROM app_user ORDER BY id LIMIT 1`).Scan(&admin); err != nil {
			admin = 0
		}
		var adminRef *int64
		if admin != 0 {
			adminRef = &admin
		}
		var projects []int64
		if key == "projectManagement" && admin != 0 {
			// The demo task form has a timesheets control: its user records
			// hours per day (timesheet type 1) unless set otherwise already.
			if _, err := tx.Exec(ctx, `UPDATE app_user SET timesheet_type = 1 WHERE id = $1 AND timesheet_type = 0`, admin); err != nil {
				return err
			}
		}
		if key == "projectManagement" {
			byName := map[string]int64{}
			for _, name := range projectNames {
				var id int64
				if err := tx.QueryRow(ctx, `INSERT INTO project (name, manager_id) VALUES ($1, $2) RETURNING id`, name, adminRef).Scan(&id); err != nil {
					return err
				}
				projects = append(projects, id)
				byName[name] = id
			}
			var err error
			if generated, err = addUser(ctx, tx, log, byName, password); err != nil {
				return err
			}
		}
		rows, err := tx.Query(ctx, `SELECT id, key, project_scoped FROM component WHERE application_id = $1 ORDER BY sort_order`, appID)
		if err != nil {
			return err
		}
		type comp struct {
			id     int64
			key    string
			scoped bool
		}
		comps, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (comp, error) {
			var c comp
			return c, row.Scan(&c.id, &c.key, &c.scoped)
		})
		if err != nil {
			return err
		}
		base := time.Date(2025, 1, 6, 9, 0, 0, 0, time.UTC)
		// The first project's tasks, in order, become its plan (digitalPlan);
		// the random draws stay the same, so the rest of the data does too.
		var plan []plannedTask
		if key == "projectManagement" && len(projects) > 0 {
			var err error
			if plan, err = scheduledPlan(); err != nil {
				return err
			}
		}
		var planned []int64
		for _, c := range comps {
			statuses, err := ids(ctx, tx, `SELECT id FROM item_status WHERE component_id = $1 ORDER BY sort_order`, c.id)
			if err != nil {
				return err
			}
			attrs, err := table.Attrs(ctx, tx, c.id)
			if err != nil {
				return err
			}
			n := map[string]int{"task": 180, "risk": 40, "changeRequest": 30, "ticket": 250}[c.key]
			for i := 1; i <= n; i++ {
				created := base.Add(time.Duration(r.IntN(24*300)) * time.Hour)
				title, values := sample(r, c.key, created, admin)
				var project *int64
				if c.scoped && len(projects) > 0 {
					project = &projects[r.IntN(len(projects))]
				}
				var status *int64
				if len(statuses) > 0 {
					status = &statuses[r.IntN(len(statuses))]
				}
				var (
					task   *plannedTask
					parent *int64
				)
				if c.key == "task" && project != nil && *project == projects[0] && len(planned) < len(plan) {
					task = &plan[len(planned)]
					title = task.apply(values)
					if task.parent >= 0 {
						parent = &planned[task.parent]
					}
				}
				var id int64
				if err := tx.QueryRow(ctx, `INSERT INTO item (component_id, number, title, project_id, status_id, responsible_id,
					creator_id, created_at, modifier_id, modified_at, search, parent_id) VALUES ($1, $2, $3, $4, $5, $6, $6, $7, $6, $7, `+
					table.SearchOf("$3", "$8")+`, $9) RETURNING id`, c.id, i, title, project, status, adminRef, created, table.SearchText(attrs, values), parent).Scan(&id); err != nil {
					return err
				}
				if err := table.Write(ctx, tx, c.id, attrs, []table.Row{{ID: id, Values: values}}); err != nil {
					return err
				}
				if task != nil {
					planned = append(planned, id)
					for _, l := range task.preds {
						if _, err := tx.Exec(ctx, `INSERT INTO item_predecessor (item_id, predecessor_id, dependency_type, lag_days) VALUES ($1, $2, $3, $4)`,
							id, planned[l.pred], string(l.typ), l.lag); err != nil {
							return err
						}
					}
				}
				if _, err := tx.Exec(ctx, `INSERT INTO item_version (item_id, version, title, project_id, parent_id, status_id, responsible_id,
					modifier_id, modified_at, attributes) SELECT i.id, i.version, i.title, i.project_id, i.parent_id, i.status_id, i.responsible_id,
					i.modifier_id, i.modified_at, `+table.AttributesExpr("t", attrs)+` FROM item i JOIN `+table.Name(c.id)+` t ON t.id = i.id
					WHERE i.id = $1`, id); err != nil {
					return err
				}
				count++
			}
			if _, err := tx.Exec(ctx, `UPDATE component SET last_number = $2 WHERE id = $1`, c.id, n); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return 0, "", err
	}
	return count, generated, nil
}

func ids(ctx context.Context, tx pgx.Tx, sql string, args ...any) ([]int64, error) {
	rows, err := tx.Query(ctx, sql, args...)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[int64])
}

func pick[T any](r *rand.Rand, s []T) T { return s[r.IntN(len(s))] }

// contract joins a preposition ("em", "de") to the article an object starts
// with, as Portuguese writes it: em + o portal = no portal, de + a API = da API.
func contract(preposition, object string) string {
	article, rest, ok := strings.Cut(object, " ")
	if !ok || (article != "o" && article != "a") {
		return preposition + " " + object
	}
	return map[string]string{"em": "n", "de": "d"}[preposition] + article + " " + rest
}

func day(t time.Time) string { return t.Format(time.DateOnly) + "T00:00:00Z" }

// sample is one realistic item of a demo type.
func sample(r *rand.Rand, key string, created time.Time, user int64) (string, map[string]any) {
	switch key {
	case "task":
		area := pick(r, []string{"it", "ops"})
		sub := map[string][]string{"it": {"dev", "infra"}, "ops": {"logistics"}}[area]
		return pick(r, verbs) + " " + pick(r, objects), map[string]any{
			"description": "Detalhar escopo, responsáveis e critérios de aceite.",
			"priority":    pick(r, []string{"low", "medium", "high"}),
			"area":        area, "subarea": pick(r, sub),
			"startDate": day(created), "dueDate": day(created.AddDate(0, 0, 3+r.IntN(40))),
			"estimate": float64(r.IntN(80)) / 2, "progress": float64(r.IntN(11) * 10),
			"cost": float64(r.IntN(500000)) / 100, "milestone": r.IntN(10) == 0, "storyPoints": pick(r, []int{1, 2, 3, 5, 8, 13}),
			"reviewer": user,
		}
	case "risk":
		return "Risco: atraso " + contract("em", pick(r, objects)), map[string]any{
			"probability": float64(r.IntN(10)*10 + 5), "impact": pick(r, []string{"1", "2", "3"}),
			"mitigation": "Plano de contingência com fornecedor alternativo.", "exposure": float64(r.IntN(100000)) / 100,
		}
	case "changeRequest":
		return "Mudança de escopo " + contract("de", pick(r, objects)), map[string]any{
			"justification": "Solicitação da diretoria após revisão trimestral.", "costImpact": float64(r.IntN(2000000)) / 100,
		}
	case "ticket":
		respond := created.Add(time.Duration(4+r.IntN(20)) * time.Hour)
		breached := r.IntN(5) == 0
		attrs := map[string]any{
			"description": "Usuário relata o problema desde o início do expediente.",
			"category":    pick(r, []string{"access", "hardware", "software"}), "severity": pick(r, []string{"s1", "s2", "s3", "s4"}),
			"channel": pick(r, []string{"email", "phone", "portal"}), "requester": user,
			"slaResponseDue": respond.Format(time.RFC3339), "slaResolutionDue": respond.Add(48 * time.Hour).Format(time.RFC3339),
			"timeSpent": float64(r.IntN(40)) / 4, "satisfaction": 1 + r.IntN(5),
		}
		if breached {
			attrs["slaBreached"] = true
		}
		return pick(r, problems), attrs
	}
	return "Item", map[string]any{}
}
