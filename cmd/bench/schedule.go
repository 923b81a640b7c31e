package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log"
	"math/rand/v2"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tramita/tramita/internal/schedule/engine"
	"github.com/tramita/tramita/internal/schedule/msproject"
)

// Issue 16's goals: a project of 5,000 tasks and 10,000 links scheduled on
// the server in ≤ 100 ms and first shown by the Gantt in ≤ 1.5 s; a
// calendar month of 2,000 items answered in ≤ 100 ms.
const (
	scheduleTasks     = 5000
	scheduleLinks     = 10000
	scheduleGoal      = 100 * time.Millisecond
	ganttGoal         = 1500 * time.Millisecond
	calendarGoal      = 100 * time.Millisecond
	scheduleRequests  = 40
	scheduleHeading   = "## Schedule and calendar"
	scheduleProjectNm = "Cronograma de 5.000 tarefas"
)

// scheduleResult is the phase's figures.
type scheduleResult struct {
	loadAvg             string
	tasks, links        int
	fileBytes           int
	importTime          time.Duration
	getSchedule         quantiles
	getScheduleBytes    int
	calendarMonth       string // the project's busiest month
	calendars           []calendarCase
	ganttPath           string
	gantt               []time.Duration // navigation start to the first bar shown
	ganttFrames         int             // frames of the scripted scroll
	ganttSlowFrames     int             // of those, longer than 50 ms (a dropped frame and more)
	ganttFrameP95       time.Duration
	err, ganttErr       string
	projectID, viewID   int64
	appID, componentID  int64
	projectStart        engine.Date
	requestsPerQuantile int
}

// calendarCase is getCalendarItems over a month view (six weeks).
type calendarCase struct {
	name      string
	events    int
	truncated bool
	q         quantiles
}

// bigSchedule is a plan of scheduleTasks tasks (phases of nine tasks) and
// scheduleLinks links of every type with lags and leads, each from a task to
// one of the next 40, so the plan is long and its network dense.
func bigSchedule(start engine.Date) engine.Project {
	rng := rand.New(rand.NewPCG(16, 5000))
	p := engine.Project{Start: start, Calendar: engine.Standard()}
	var leaves []int64
	for phase := range int64(scheduleTasks / 10) {
		id := phase*10 + 1
		p.Tasks = append(p.Tasks, engine.Task{ID: id, Title: fmt.Sprintf("Fase %d", phase+1)})
		for k := range int64(9) {
			p.Tasks = append(p.Tasks, engine.Task{ID: id + 1 + k, Parent: id, Title: fmt.Sprintf("Tarefa %d.%d", phase+1, k+1),
				Duration: 1 + rng.IntN(9), Progress: float64(rng.IntN(101))})
			leaves = append(leaves, id+1+k)
		}
	}
	types := []engine.LinkType{engine.FS, engine.FS, engine.FS, engine.SS, engine.FF, engine.SF}
	seen := map[[2]int64]bool{}
	for len(p.Links) < scheduleLinks {
		a := rng.IntN(len(leaves) - 1)
		b := a + 1 + rng.IntN(min(40, len(leaves)-a-1))
		pair := [2]int64{leaves[a], leaves[b]}
		if seen[pair] {
			continue
		}
		seen[pair] = true
		p.Links = append(p.Links, engine.Link{Pred: pair[0], Succ: pair[1], Type: types[rng.IntN(len(types))], Lag: rng.IntN(7) - 2})
	}
	return p
}

// benchSchedule imports the big plan into a new project of the demo
// application (scheduleUpload, as a planner would bring an MS Project
// file), times getSchedule on it and getCalendarItems over its busiest
// month, and leaves the Gantt's address for the paint phase.
func benchSchedule(ctx context.Context, cl *client, pool *pgxpool.Pool, s seedInfo) *scheduleResult {
	r := &scheduleResult{loadAvg: loadAverage(), appID: s.appID, componentID: s.taskID, requestsPerQuantile: scheduleRequests}
	if err := r.run(ctx, cl, pool, s.inserted > 0); err != nil {
		r.err = err.Error()
		log.Printf("schedule: %v", err)
	}
	return r
}

func (r *scheduleResult) run(ctx context.Context, cl *client, pool *pgxpool.Pool, seeded bool) error {
	if err := pool.QueryRow(ctx, `SELECT id FROM item_view WHERE component_id = $1 AND kind = 'schedule' AND retired_at IS NULL
		ORDER BY id LIMIT 1`, r.componentID).Scan(&r.viewID); err != nil {
		return fmt.Errorf("the demo task type's schedule view: %w", err)
	}
	r.projectStart = engine.DateOf(2027, 1, 4)
	var created struct {
		ID int64 `json:"id"`
	}
	if err := cl.post(ctx, "/api/project/saveProject", map[string]any{"name": scheduleProjectNm,
		"startDate": r.projectStart.String()}, &created); err != nil {
		return err
	}
	r.projectID = created.ID

	p := bigSchedule(r.projectStart)
	res, err := engine.Schedule(p)
	if err != nil {
		return fmt.Errorf("schedule the plan: %w", err)
	}
	var file bytes.Buffer
	if err := msproject.Write(&file, msproject.FromSchedule(scheduleProjectNm, p, res)); err != nil {
		return err
	}
	r.fileBytes = file.Len()
	log.Printf("  importing %d tasks and %d links (%s of MS Project XML)", len(p.Tasks), len(p.Links), mb(r.fileBytes))
	var imported struct {
		Created int `json:"created"`
		Links   int `json:"links"`
	}
	long := &http.Client{Timeout: 5 * time.Minute}
	t0 := time.Now()
	if err := cl.upload(ctx, long, "/api/genericItem/scheduleUpload", map[string]string{
		"projectId": fmt.Sprint(r.projectID), "viewId": fmt.Sprint(r.viewID), "values": `{"priority": "medium"}`,
	}, "plano.xml", file.Bytes(), &imported); err != nil {
		return err
	}
	r.importTime = time.Since(t0)
	r.tasks, r.links = imported.Created, imported.Links
	log.Printf("  imported in %s", r.importTime.Round(time.Millisecond))

	body := map[string]any{"viewId": r.viewID, "projectId": r.projectID}
	var answer struct {
		Tasks []struct {
			Start string `json:"start"`
		} `json:"tasks"`
	}
	times, last, err := timed(ctx, cl, "/api/genericItem/getSchedule", body)
	if err != nil {
		return err
	}
	r.getSchedule, r.getScheduleBytes = quantilesOf(times), len(last)
	if err := json.Unmarshal(last, &answer); err != nil {
		return fmt.Errorf("getSchedule: %w", err)
	}
	log.Printf("  getSchedule (%d tasks): p50 %s p95 %s", len(answer.Tasks), ms(r.getSchedule.p50), ms(r.getSchedule.p95))

	// The month in which most of the project's tasks start: the calendar's
	// heaviest month view (its leading and trailing days included).
	months := map[string]int{}
	for _, t := range answer.Tasks {
		if len(t.Start) >= 7 {
			months[t.Start[:7]]++
		}
	}
	for m, n := range months {
		if r.calendarMonth == "" || n > months[r.calendarMonth] || (n == months[r.calendarMonth] && m < r.calendarMonth) {
			r.calendarMonth = m
		}
	}
	if err := r.calendarMonthCase(ctx, cl, "the plan's busiest month, "+r.calendarMonth+", its project", r.calendarMonth, r.projectID); err != nil {
		return err
	}
	// The seeded tasks start every 47 s from 2023-01-01: March 2023 holds
	// some 57,000 of them, past the calendar's cap.
	if seeded {
		if err := r.calendarMonthCase(ctx, cl, "2023-03 of the seeded tasks, every project", "2023-03", 0); err != nil {
			return err
		}
	}
	r.ganttPath = fmt.Sprintf("/runtime/%d/schedule/%d/Cronograma?project=%d", r.appID, r.viewID, r.projectID)
	return nil
}

// calendarMonthCase times getCalendarItems over the six weeks of the month
// view of month (YYYY-MM), for one project or (0) all.
func (r *scheduleResult) calendarMonthCase(ctx context.Context, cl *client, name, month string, project int64) error {
	first, err := time.Parse("2006-01", month)
	if err != nil {
		return fmt.Errorf("calendar month %q: %w", month, err)
	}
	from := first.AddDate(0, 0, -int(first.Weekday())) // the Sunday of the month's first week
	body := map[string]any{"applicationId": r.appID, "from": from.Format(time.DateOnly),
		"to": from.AddDate(0, 0, 42).Format(time.DateOnly), "projectId": project}
	times, last, err := timed(ctx, cl, "/api/calendar/getCalendarItems", body)
	if err != nil {
		return err
	}
	var events struct {
		Events    []json.RawMessage `json:"events"`
		Truncated bool              `json:"truncated"`
	}
	if err := json.Unmarshal(last, &events); err != nil {
		return fmt.Errorf("getCalendarItems: %w", err)
	}
	c := calendarCase{name: name, events: len(events.Events), truncated: events.Truncated, q: quantilesOf(times)}
	r.calendars = append(r.calendars, c)
	log.Printf("  getCalendarItems (%s, %d events): p50 %s p95 %s", name, c.events, ms(c.q.p50), ms(c.q.p95))
	return nil
}

// timed makes scheduleRequests sequential calls after two to warm up and
// answers their durations, sorted, and the last body.
func timed(ctx context.Context, cl *client, path string, body any) ([]time.Duration, []byte, error) {
	var times []time.Duration
	var last []byte
	for i := range scheduleRequests + 2 {
		status, b, d, err := cl.call(ctx, http.MethodPost, path, body)
		if err != nil {
			return nil, nil, err
		}
		if status != http.StatusOK {
			return nil, nil, fmt.Errorf("%s: %d %.300s", path, status, b)
		}
		if i >= 2 {
			times = append(times, d)
		}
		last = b
	}
	slices.Sort(times)
	return times, last, nil
}

// post makes one call and decodes its answer.
func (c *client) post(ctx context.Context, path string, body, out any) error {
	status, b, _, err := c.call(ctx, http.MethodPost, path, body)
	if err != nil {
		return err
	}
	if status != http.StatusOK {
		return fmt.Errorf("%s: %d %.300s", path, status, b)
	}
	return json.Unmarshal(b, out)
}

// markdown is the report's section (empty when the phase did not run).
func (r *scheduleResult) markdown() string {
	if r == nil {
		return ""
	}
	var b strings.Builder
	p := func(format string, a ...any) { fmt.Fprintf(&b, format+"\n", a...) }
	p("%s", scheduleHeading)
	p("")
	p("A plan of %s tasks (phases of nine) and %s links of the four kinds with lags and leads, written as MS Project", thousands(scheduleTasks), thousands(scheduleLinks))
	p("XML and imported into a new project of the demo application (`scheduleUpload`, one transaction); then %d", r.requestsPerQuantile)
	p("sequential `getSchedule` calls (the server loads the tasks and links and runs the engine: dates, critical path,")
	p("floats), and as many `getCalendarItems` over the six weeks of the month where most tasks start (the project filter")
	p("on) and, with the seeded items, of March 2023 in every project (the calendar answers at most 2,000 events). The")
	p("Gantt is opened in Chromium on the imported project with the HTTP cache")
	p("off: the time from the navigation's start to the first bar in the page; then, once, a scripted scroll of the chart")
	p("by 60 px a frame for 2 s, counting frames longer than 50 ms. Load average (1 min) when it started: %s.", r.loadAvg)
	p("")
	if r.err != "" {
		p("Error: %s", strings.ReplaceAll(r.err, "\n", " "))
		p("")
	}
	if r.tasks == 0 {
		return b.String()
	}
	p("| Case | Figure | Goal |")
	p("|---|---:|---|")
	p("| import of %s tasks and %s links (%s file) | %s | |", thousands(r.tasks), thousands(r.links), mb(r.fileBytes), secs(r.importTime))
	p("| getSchedule, p50 / p95 (%s answer) | %s / %s | %s |", mb(r.getScheduleBytes), ms(r.getSchedule.p50), ms(r.getSchedule.p95),
		verdict(r.getSchedule.p95 <= scheduleGoal))
	for _, c := range r.calendars {
		truncated := ""
		if c.truncated {
			truncated = ", the cap: more in the range"
		}
		p("| getCalendarItems, %s (%s events%s), p50 / p95 | %s / %s | %s |", c.name, thousands(c.events), truncated,
			ms(c.q.p50), ms(c.q.p95), verdict(c.q.p95 <= calendarGoal))
	}
	switch {
	case r.ganttErr != "":
		p("| Gantt in Chromium | not measured: %s | |", strings.ReplaceAll(r.ganttErr, "|", "/"))
	case len(r.gantt) > 0:
		sorted := slices.Sorted(slices.Values(r.gantt))
		p("| Gantt in Chromium, first bar shown, median of %d loads (min–max) | %s (%s–%s) | %s |", len(sorted), ms(median(sorted)),
			ms(sorted[0]), ms(sorted[len(sorted)-1]), verdict(median(sorted) <= ganttGoal))
		p("| Gantt scroll: frames over 50 ms of %d (p95 frame) | %d (%s) | %s |", r.ganttFrames, r.ganttSlowFrames, ms(r.ganttFrameP95),
			verdict(r.ganttSlowFrames == 0))
	}
	p("")
	return b.String()
}

// scheduleOnly is the -schedule-only run: the phase alone (with the Gantt in
// Chromium when paint runs are asked), its section printed and written into
// the report in place of the old one.
func scheduleOnly(ctx context.Context, o options, cl *client, pool *pgxpool.Pool, s seedInfo, addr, password string) error {
	r := benchSchedule(ctx, cl, pool, s)
	if r.ganttPath != "" && o.paintRuns > 0 {
		r.measureGantt(ctx, addr, password, o.paintRuns)
	}
	return sectionOnly(o, scheduleHeading, r.markdown())
}

// sectionOnly prints the section of a -…-only run and writes it into the
// report in place of the old one.
func sectionOnly(o options, heading, section string) error {
	fmt.Println(section)
	if o.out == "" {
		return nil
	}
	if err := writeSection(o.out, heading, section); err != nil {
		return err
	}
	log.Printf("wrote the section %q of %s", heading, o.out)
	return nil
}

// measureGantt opens the Gantt runs times (cmd/bench/paint.mjs -gantt).
func (r *scheduleResult) measureGantt(ctx context.Context, addr, password string, runs int) {
	log.Printf("the Gantt of %s tasks in Chromium (%d loads)", thousands(r.tasks), runs)
	out, err := runPaintScript(ctx, runs, "http://"+addr, "admin", password, fmt.Sprint(runs), "--gantt", r.ganttPath)
	if err != nil {
		r.ganttErr = err.Error()
		log.Printf("gantt: %v", err)
		return
	}
	var res struct {
		Gantt  []float64 `json:"gantt"`
		Frames []float64 `json:"frames"`
	}
	if err := json.Unmarshal(out, &res); err != nil {
		r.ganttErr = fmt.Sprintf("%s answered %.200q: %v", paintScript, out, err)
		return
	}
	msOf := func(f float64) time.Duration { return time.Duration(f * float64(time.Millisecond)) }
	for _, g := range res.Gantt {
		r.gantt = append(r.gantt, msOf(g))
	}
	var frames []time.Duration
	for _, f := range res.Frames {
		frames = append(frames, msOf(f))
		if f > 50 {
			r.ganttSlowFrames++
		}
	}
	r.ganttFrames = len(frames)
	if len(frames) > 0 {
		slices.Sort(frames)
		r.ganttFrameP95 = percentile(frames, 95)
	}
}
