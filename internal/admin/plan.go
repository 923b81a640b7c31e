package admin

import (
	"context"
	"fmt"
	"math"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/admin/planlimit"
	"github.com/tramita/tramita/internal/httpx"
)

// PlanLimits are the contracted limits; nil is unlimited.
type PlanLimits struct {
	Users        *int   `json:"users"`
	StorageBytes *int64 `json:"storageBytes"`
	Applications *int   `json:"applications"`
}

// PlanUsage is what is used of each limit. StorageBytes, the one the
// storage limit is checked against, is DatabaseBytes + FileBytes.
type PlanUsage struct {
	Users        int   `json:"users"`
	StorageBytes int64 `json:"storageBytes"`
	Applications int   `json:"applications"`
	// DatabaseBytes and FileBytes split StorageBytes: the database's size
	// and the files kept in the file storage (planlimit.StorageUsed).
	DatabaseBytes int64 `json:"databaseBytes"`
	FileBytes     int64 `json:"fileBytes"`
}

// Plan is the contracted plan page.
type Plan struct {
	Name   string     `json:"name"`
	Limits PlanLimits `json:"limits"`
	Usage  PlanUsage  `json:"usage"`
}

// usage counts users, applications and the storage used: the database
// (terms, avatars, items…) plus the files of the file storage, the same sum
// the uploads are checked against (planlimit).
func usage(ctx context.Context, db querier) (PlanUsage, error) {
	var u PlanUsage
	err := db.QueryRow(ctx, `SELECT (SELECT count(*) FROM app_user), (SELECT count(*) FROM application)`).
		Scan(&u.Users, &u.Applications)
	if err != nil {
		return u, fmt.Errorf("plan usage: %w", err)
	}
	st, err := planlimit.StorageUsed(ctx, db)
	u.DatabaseBytes, u.FileBytes, u.StorageBytes = st.DatabaseBytes, st.FileBytes, st.Total()
	return u, err
}

// Plan answers the plan with its usage.
func (s *Service) Plan(ctx context.Context, a Actor) (Plan, error) {
	if err := allow(a); err != nil {
		return Plan{}, err
	}
	var p Plan
	if err := s.db.QueryRow(ctx, `SELECT name, max_users, max_storage_bytes, max_applications FROM plan WHERE id = 1`).
		Scan(&p.Name, &p.Limits.Users, &p.Limits.StorageBytes, &p.Limits.Applications); err != nil {
		return Plan{}, fmt.Errorf("plan: %w", err)
	}
	var err error
	p.Usage, err = usage(ctx, s.db)
	return p, err
}

// SavePlanInput is the plan's name and limits.
type SavePlanInput struct {
	Name   string     `json:"name"`
	Limits PlanLimits `json:"limits"`
}

// SavePlan records the contracted plan.
func (s *Service) SavePlan(ctx context.Context, a Actor, in SavePlanInput) (Plan, error) {
	if err := allow(a); err != nil {
		return Plan{}, err
	}
	in.Name = strings.TrimSpace(in.Name)
	var v httpx.Validation
	if in.Name == "" {
		v.Add("name", "error.required")
	}
	if l := in.Limits; (l.Users != nil && *l.Users < 0) || (l.StorageBytes != nil && *l.StorageBytes < 0) || (l.Applications != nil && *l.Applications < 0) {
		v.Add("limits", "admin.invalidLimit")
	} else if l := in.Limits; (l.Users != nil && *l.Users > math.MaxInt32) || (l.Applications != nil && *l.Applications > math.MaxInt32) {
		// The columns are integer; past it PostgreSQL would refuse the row (a 500).
		v.Add("limits", "admin.limitTooLarge", "max", math.MaxInt32)
	}
	if err := v.Err(); err != nil {
		return Plan{}, err
	}
	err := s.tx(ctx, func(tx pgx.Tx) error {
		var before SavePlanInput
		if err := tx.QueryRow(ctx, `SELECT name, max_users, max_storage_bytes, max_applications FROM plan WHERE id = 1 FOR UPDATE`).
			Scan(&before.Name, &before.Limits.Users, &before.Limits.StorageBytes, &before.Limits.Applications); err != nil {
			return fmt.Errorf("plan: %w", err)
		}
		if _, err := tx.Exec(ctx, `UPDATE plan SET name = $1, max_users = $2, max_storage_bytes = $3, max_applications = $4, updated_at = now() WHERE id = 1`,
			in.Name, in.Limits.Users, in.Limits.StorageBytes, in.Limits.Applications); err != nil {
			return fmt.Errorf("save plan: %w", err)
		}
		return s.record(ctx, tx, a, "admin.plan.updated", "plan", 1, before, in)
	})
	if err != nil {
		return Plan{}, err
	}
	return s.Plan(ctx, a)
}

// Dashboard is the administration's first page.
type Dashboard struct {
	Users          int          `json:"users"`
	ActiveUsers    int          `json:"activeUsers"`
	ActiveSessions int          `json:"activeSessions"`
	StorageBytes   int64        `json:"storageBytes"`
	RecentEvents   []AuditEvent `json:"recentEvents"`
}

// recentEvents is how many audit events the dashboard shows.
const recentEvents = 10

// Dashboard answers the counts and the latest audit events.
func (s *Service) Dashboard(ctx context.Context, a Actor) (Dashboard, error) {
	if err := allow(a); err != nil {
		return Dashboard{}, err
	}
	var d Dashboard
	err := s.db.QueryRow(ctx, `
		SELECT (SELECT count(*) FROM app_user), (SELECT count(*) FROM app_user WHERE active),
			(SELECT count(*) FROM user_session WHERE revoked_at IS NULL AND expires_at > now())`).
		Scan(&d.Users, &d.ActiveUsers, &d.ActiveSessions)
	if err != nil {
		return d, fmt.Errorf("dashboard: %w", err)
	}
	st, err := planlimit.StorageUsed(ctx, s.db)
	if err != nil {
		return d, err
	}
	d.StorageBytes = st.Total()
	page, err := s.AuditLog(ctx, a, AuditFilter{PageSize: recentEvents})
	d.RecentEvents = page.Rows
	return d, err
}
