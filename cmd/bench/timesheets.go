package main

import (
	"context"
	"encoding/json"
	"fmt"
	"log"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

// Issue 17's goals: a week of 40 rows saved in ≤ 100 ms, the team list of
// 50 people for a month in ≤ 300 ms, a month closed for 500 people in ≤ 5 s
// (one transaction).
const (
	timesheetsHeading = "## Timesheets"
	weekRows          = 40
	teamPeople        = 50
	closePeople       = 500
	weekGoal          = 100 * time.Millisecond
	teamGoal          = 300 * time.Millisecond
	closeGoal         = 5 * time.Second
	timesheetRequests = 20
)

// timesheetsResult is the phase's figures.
type timesheetsResult struct {
	loadAvg      string
	week         quantiles
	weekCells    int
	team         quantiles
	teamEntries  int
	close        time.Duration
	closed       int
	closeEntries int
	err          string
}

// benchTimesheets seeds with SQL what the three cases need in the demo
// application's first project, then times the calls as the administrator
// (who records hours in the demo and reviews every project).
func benchTimesheets(ctx context.Context, cl *client, pool *pgxpool.Pool, s seedInfo) *timesheetsResult {
	r := &timesheetsResult{loadAvg: loadAverage()}
	if err := r.run(ctx, cl, pool, s); err != nil {
		r.err = err.Error()
		log.Printf("timesheets: %v", err)
	}
	return r
}

func (r *timesheetsResult) run(ctx context.Context, cl *client, pool *pgxpool.Pool, s seedInfo) error {
	var project int64
	var tasks []int64
	if err := pool.QueryRow(ctx, `SELECT project_id, (array_agg(id ORDER BY id))[1:$2] FROM item
		WHERE component_id = $1 AND project_id IS NOT NULL AND deleted_at IS NULL
		GROUP BY project_id ORDER BY count(*) DESC, project_id LIMIT 1`, s.taskID, weekRows).Scan(&project, &tasks); err != nil {
		return fmt.Errorf("the demo's tasks: %w", err)
	}
	if len(tasks) < weekRows {
		return fmt.Errorf("the demo's first project has %d tasks, the week needs %d", len(tasks), weekRows)
	}

	// A week of 40 rows, Monday to Friday of a past week: each save changes
	// every cell (20 and 30 minutes in turn: 40 rows stay within a day's 24
	// hours), so each writes 200 entries.
	days := []string{"2025-03-03", "2025-03-04", "2025-03-05", "2025-03-06", "2025-03-07"}
	var times []time.Duration
	for i := range timesheetRequests + 2 {
		var cells []map[string]any
		for _, id := range tasks {
			for _, d := range days {
				cells = append(cells, map[string]any{"itemId": id, "date": d, "minutes": 20 + 10*(i%2), "description": ""})
			}
		}
		status, b, d, err := cl.call(ctx, http.MethodPost, "/api/timesheets/saveMyWeek", map[string]any{"weekStart": days[0], "cells": cells})
		if err != nil {
			return err
		}
		if status != http.StatusOK {
			return fmt.Errorf("saveMyWeek: %d %.300s", status, b)
		}
		if i >= 2 {
			times = append(times, d)
		}
		r.weekCells = len(cells)
	}
	slices.Sort(times)
	r.week = quantilesOf(times)
	log.Printf("  saveMyWeek (%d rows, %d cells): p50 %s p95 %s", len(tasks), r.weekCells, ms(r.week.p50), ms(r.week.p95))

	// 50 people of the project, two submitted entries on each working day
	// of March 2025; the administrator lists the month.
	if _, err := pool.Exec(ctx, `WITH u AS (
			INSERT INTO app_user (login, name, email, timesheet_type)
			SELECT 'bench.team' || g, 'Pessoa da equipe ' || g, 'team' || g || '@bench.example', 1 FROM generate_series(1, $2) g
			RETURNING id),
		m AS (INSERT INTO project_member (project_id, user_id, role) SELECT $1, id, 'member' FROM u RETURNING user_id)
		INSERT INTO item_time_entry (item_id, user_id, work_date, minutes, description, state, submitted_at)
		SELECT ($3::bigint[])[1 + (m.user_id + k) % cardinality($3::bigint[])], m.user_id, d::date, 120 + 60 * k, 'Acompanhamento', 'submitted', now()
		FROM m, generate_series('2025-03-01'::date, '2025-03-31'::date, interval '1 day') d, generate_series(0, 1) k
		WHERE extract(isodow FROM d) < 6`, project, teamPeople, tasks); err != nil {
		return fmt.Errorf("seed the team: %w", err)
	}
	team := map[string]any{"from": "2025-03-01", "to": "2025-03-31", "projectId": project}
	times, last, err := timed(ctx, cl, "/api/timesheets/getTeamTimesheets", team)
	if err != nil {
		return err
	}
	r.team = quantilesOf(times[:min(len(times), timesheetRequests)])
	var count struct {
		Count int `json:"count"`
	}
	if err := json.Unmarshal(last, &count); err != nil {
		return fmt.Errorf("getTeamTimesheets: %w", err)
	}
	r.teamEntries = count.Count
	log.Printf("  getTeamTimesheets (%d people, %d entries): p50 %s p95 %s", teamPeople, r.teamEntries, ms(r.team.p50), ms(r.team.p95))

	// 500 people with a resource and five draft entries each in April 2025;
	// the administrator closes their month in one call.
	var people []int64
	if err := pool.QueryRow(ctx, `WITH u AS (
			INSERT INTO app_user (login, name, email, timesheet_type)
			SELECT 'bench.close' || g, 'Pessoa ' || g, 'close' || g || '@bench.example', 1 FROM generate_series(1, $1) g
			RETURNING id),
		r AS (INSERT INTO resource (user_id) SELECT id FROM u RETURNING user_id),
		e AS (INSERT INTO item_time_entry (item_id, user_id, work_date, minutes, description)
			SELECT ($2::bigint[])[1 + (r.user_id + k) % cardinality($2::bigint[])], r.user_id, date '2025-04-07' + k, 480, ''
			FROM r, generate_series(0, 4) k RETURNING 1)
		SELECT array_agg(user_id ORDER BY user_id) FROM r`, closePeople, tasks).Scan(&people); err != nil {
		return fmt.Errorf("seed the people to close: %w", err)
	}
	r.closeEntries = closePeople * 5
	var done struct {
		Changed int `json:"changed"`
	}
	status, b, d, err := cl.call(ctx, http.MethodPost, "/api/timesheets/closeMonth", map[string]any{"month": "2025-04", "userIds": people})
	r.close = d
	if err != nil {
		return err
	}
	if status != http.StatusOK {
		return fmt.Errorf("closeMonth: %d %.300s", status, b)
	}
	if err := json.Unmarshal(b, &done); err != nil {
		return fmt.Errorf("closeMonth: %w", err)
	}
	r.closed = done.Changed
	log.Printf("  closeMonth (%d people): %s", r.closed, r.close.Round(time.Millisecond))
	return nil
}

// markdown is the report's section (empty when the phase did not run).
func (r *timesheetsResult) markdown() string {
	if r == nil {
		return ""
	}
	var b strings.Builder
	p := func(format string, a ...any) { fmt.Fprintf(&b, format+"\n", a...) }
	p("%s", timesheetsHeading)
	p("")
	p("As the administrator, in the demo application's first project: `saveMyWeek` of %d rows (Monday to Friday, every", weekRows)
	p("cell changed at each save, %d sequential saves); `getTeamTimesheets` for March 2025 with %d members' submitted", timesheetRequests, teamPeople)
	p("entries (two a working day each); `closeMonth` of April 2025 for %d people with a resource and five entries each,", closePeople)
	p("once. Data seeded with SQL. Load average (1 min) when it started: %s.", r.loadAvg)
	p("")
	if r.err != "" {
		p("Error: %s", strings.ReplaceAll(r.err, "\n", " "))
		p("")
	}
	if r.weekCells == 0 {
		return b.String()
	}
	p("| Case | Figure | Goal |")
	p("|---|---:|---|")
	p("| saveMyWeek, %d rows (%s cells), p50 / p95 | %s / %s | %s |", weekRows, thousands(r.weekCells), ms(r.week.p50), ms(r.week.p95),
		verdict(r.week.p95 <= weekGoal))
	if r.teamEntries > 0 {
		p("| getTeamTimesheets, %d people, a month (%s entries), p50 / p95 | %s / %s | %s |", teamPeople, thousands(r.teamEntries),
			ms(r.team.p50), ms(r.team.p95), verdict(r.team.p95 <= teamGoal))
	}
	if r.closed > 0 {
		p("| closeMonth, %d people (%s entries), one transaction | %s | %s |", r.closed, thousands(r.closeEntries), ms(r.close),
			verdict(r.close <= closeGoal))
	}
	p("")
	return b.String()
}
