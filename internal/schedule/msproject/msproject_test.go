package msproject

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/tramita/tramita/internal/schedule/engine"
)

func date(t *testing.T, s string) engine.Date {
	t.Helper()
	d, err := engine.ParseDate(s)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// plan is a small project with everything the file carries: phases,
// milestones, the four link types with lags and leads, constraints, a
// manual task, progress, and a calendar with a holiday and a worked
// Saturday.
func plan(t *testing.T) engine.Project {
	cal, err := engine.NewCalendar(engine.Standard().Week(), []engine.Exception{
		{From: date(t, "2025-03-03"), To: date(t, "2025-03-04"), Name: "Carnaval"},
		{From: date(t, "2025-03-15"), To: date(t, "2025-03-15"), Name: "Mutirão", Work: []engine.Period{{From: 480, To: 720}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	return engine.Project{Start: date(t, "2025-03-03"), Calendar: cal,
		Tasks: []engine.Task{
			{ID: 100, Title: "Planejamento"},
			{ID: 101, Parent: 100, Title: "Levantar requisitos", Duration: 5, Progress: 100},
			{ID: 102, Parent: 100, Title: "Aprovar escopo", Duration: 0},
			{ID: 200, Title: "Execução"},
			{ID: 201, Parent: 200, Title: "Construir", Duration: 10, Progress: 30},
			{ID: 202, Parent: 200, Title: "Testar", Duration: 4},
			{ID: 203, Parent: 200, Title: "Documentar", Duration: 3, Constraint: engine.StartNoEarlierThan, ConstraintDate: date(t, "2025-03-20")},
			{ID: 204, Parent: 200, Title: "Treinar", Manual: true, Start: date(t, "2025-03-24"), Finish: date(t, "2025-03-25")},
			{ID: 300, Title: "Entregar", Constraint: engine.MustFinishOn, ConstraintDate: date(t, "2025-04-04")},
		},
		Links: []engine.Link{
			{Pred: 101, Succ: 102, Type: engine.FS},
			{Pred: 100, Succ: 200, Type: engine.FS, Lag: 1},
			{Pred: 201, Succ: 202, Type: engine.SS, Lag: 3},
			{Pred: 201, Succ: 203, Type: engine.FF, Lag: -2},
			{Pred: 202, Succ: 204, Type: engine.SF, Lag: 2},
			{Pred: 200, Succ: 300, Type: engine.FF},
		}}
}

func TestAScheduleWrittenReadsBackTheSame(t *testing.T) {
	p := plan(t)
	r, err := engine.Schedule(p)
	if err != nil {
		t.Fatal(err)
	}
	f := FromSchedule("Obra", p, r)
	var buf bytes.Buffer
	if err := Write(&buf, f); err != nil {
		t.Fatal(err)
	}
	text := buf.String()
	for _, s := range []string{`<Project xmlns="http://schemas.microsoft.com/project">`, "<Duration>PT80H0M0S</Duration>",
		"<OutlineNumber>2.1</OutlineNumber>", "<Type>3</Type>", "<LinkLag>14400</LinkLag>", "<LagFormat>7</LagFormat>",
		"<LinkLag>-9600</LinkLag>", "<FromDate>2025-03-03T00:00:00</FromDate>", "<ToDate>2025-03-04T23:59:00</ToDate>"} {
		if !strings.Contains(text, s) {
			t.Errorf("the file lacks %s", s)
		}
	}
	back, err := Read(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, f) {
		t.Fatalf("read back\n%+v\nwritten\n%+v", back, f)
	}
	// Read back, the plan schedules to the same dates.
	again, err := engine.Schedule(back.Project())
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range r.Tasks {
		got := again.Tasks[i]
		if got.ID != want.ID || got.Start != want.Start || got.Finish != want.Finish || got.TotalFloat != want.TotalFloat {
			t.Errorf("task %d: %s–%s float %d, want %s–%s float %d", want.ID, got.Start, got.Finish, got.TotalFloat, want.Start, want.Finish, want.TotalFloat)
		}
	}
	if !reflect.DeepEqual(again.Links, r.Links) {
		t.Errorf("links %+v, want %+v", again.Links, r.Links)
	}
}

func TestReadingRefusesWhatIsNotAProject(t *testing.T) {
	for _, c := range []struct{ name, text string }{
		{"empty", ""},
		{"not XML", "Nome;Início;Término\nProjetar;01/03/2025;05/03/2025\n"},
		{"another document", `<?xml version="1.0"?><html><body>Cronograma</body></html>`},
		{"a Project of another schema", `<?xml version="1.0"?><Project Type="Project" LVVersion="20008000"/>`},
		{"Primavera's XML", `<APIBusinessObjects xmlns="http://xmlns.oracle.com/Primavera/P6/V18.1/API/BusinessObjects"><Project/></APIBusinessObjects>`},
		{"cut short", `<Project xmlns="http://schemas.microsoft.com/project"><Tasks><Task><UID>1</UID>`},
		{"a bad date", `<Project xmlns="http://schemas.microsoft.com/project"><StartDate>ontem</StartDate></Project>`},
		{"a bad duration", `<Project xmlns="http://schemas.microsoft.com/project"><Tasks><Task><UID>1</UID><Duration>8 horas</Duration></Task></Tasks></Project>`},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Read(strings.NewReader(c.text))
			var format *FormatError
			if !errors.As(err, &format) {
				t.Fatalf("got %v, want a *FormatError", err)
			}
		})
	}
}

// TestReadsWhatMSProjectWritesBesidesOurs reads testdata/handmade.xml:
// elements this package does not write but MS Project and ProjectLibre do.
func TestReadsWhatMSProjectWritesBesidesOurs(t *testing.T) {
	f := readFile(t, "testdata/handmade.xml")
	p := f.Project()
	var titles []string
	for _, task := range p.Tasks {
		titles = append(titles, task.Title)
	}
	// The project's own summary (level 0), the blank row and the inactive
	// task are left out.
	if want := []string{"Fase 1", "Escavar", "Concretar", "Vistoria"}; !reflect.DeepEqual(titles, want) {
		t.Fatalf("tasks %q, want %q", titles, want)
	}
	if p.Tasks[1].Parent != 10 || p.Tasks[3].Parent != 0 || p.Tasks[1].Duration != 3 {
		t.Errorf("tasks %+v", p.Tasks)
	}
	// Links: a lag of 100% is Escavar's 3 days; a lag in hours (16 h) is
	// 2 days; the link to another project is left out.
	want := []engine.Link{{Pred: 11, Succ: 12, Type: engine.SS, Lag: 3}, {Pred: 12, Succ: 14, Type: engine.FS, Lag: 2}}
	if !reflect.DeepEqual(p.Links, want) {
		t.Errorf("links %+v, want %+v", p.Links, want)
	}
	// The calendar: calendar 2 works Saturdays and takes the weekdays of its
	// base, calendar 1; Carnival from Exceptions, with its name, and a
	// holiday only as a DayType 0 day (how recurring ones are expanded).
	cal := p.Calendar
	for _, c := range []struct {
		day     string
		minutes int
	}{{"2025-03-03", 0}, {"2025-03-04", 0}, {"2025-03-05", 480}, {"2025-03-08", 240}, {"2025-03-09", 0}, {"2025-04-18", 0}} {
		if got := cal.WorkMinutes(date(t, c.day)); got != c.minutes {
			t.Errorf("%s has %d working minutes, want %d", c.day, got, c.minutes)
		}
	}
	if e := cal.Exceptions(); len(e) != 2 || e[0].Name != "Carnaval" || e[0].To != date(t, "2025-03-04") {
		t.Errorf("exceptions %+v", e)
	}
	r, err := engine.Schedule(p)
	if err != nil {
		t.Fatal(err)
	}
	// Escavar Wed 3/5 to Fri 3/7 (days 0-3); Concretar SS+3: Sat 3/8, which
	// is worked, 2 days to Mon 3/10 (3-5); Vistoria FS+2: day 7, Thu 3/13.
	if got := r.Tasks[2]; got.Start.String() != "2025-03-08" || got.Finish.String() != "2025-03-10" {
		t.Errorf("Concretar %s to %s", got.Start, got.Finish)
	}
	if got := r.Tasks[3]; got.Start.String() != "2025-03-13" {
		t.Errorf("Vistoria %s", got.Start)
	}
}

func readFile(t *testing.T, name string) *File {
	t.Helper()
	in, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	f, err := Read(in)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// TestReadsAFileMSProjectWrote reads a file MS Project 2019 saved (from
// MPXJ's test data; testdata/README.md says where it comes from): sixteen
// one-day tasks in pairs, each pair linked another way — FS with lags of
// 0, 1 and 2 days and 1 and 2 weeks, SF, SS and FF of 2 days. Scheduled
// here, every task falls on the dates MS Project gave it.
func TestReadsAFileMSProjectWrote(t *testing.T) {
	f := readFile(t, filepath.Join("testdata", "task-links-project2019-mspdi.xml"))
	if len(f.Tasks) != 17 || f.Tasks[0].OutlineLevel != 0 || f.Tasks[1].Name != "Task 1" || f.Tasks[16].Name != "Task 2" {
		t.Fatalf("%d tasks: %+v", len(f.Tasks), f.Tasks)
	}
	if f.Start.Format(dateTime) != "2018-10-18T08:00:00" || f.CalendarName != "Standard" || f.MinutesPerDay != 480 {
		t.Errorf("starts %s on %q, a day of %d minutes", f.Start, f.CalendarName, f.MinutesPerDay)
	}
	if got := f.Tasks[10]; got.Start.Format(dateTime) != "2018-11-02T08:00:00" || got.Finish.Format(dateTime) != "2018-11-02T17:00:00" ||
		got.Duration != 480 || !got.Manual {
		t.Errorf("task 10: %+v", got)
	}
	p := f.Project()
	wantLinks := []engine.Link{
		{Pred: 1, Succ: 2, Type: engine.FS}, {Pred: 3, Succ: 4, Type: engine.FS, Lag: 1}, {Pred: 5, Succ: 6, Type: engine.FS, Lag: 2},
		{Pred: 7, Succ: 8, Type: engine.FS, Lag: 5}, {Pred: 9, Succ: 10, Type: engine.FS, Lag: 10}, {Pred: 11, Succ: 12, Type: engine.SF, Lag: 2},
		{Pred: 13, Succ: 14, Type: engine.SS, Lag: 2}, {Pred: 15, Succ: 16, Type: engine.FF, Lag: 2}}
	if len(p.Tasks) != 16 || !reflect.DeepEqual(p.Links, wantLinks) {
		t.Fatalf("%d tasks, links %+v", len(p.Tasks), p.Links)
	}
	for i := range p.Tasks {
		p.Tasks[i].Manual = false
	}
	r, err := engine.Schedule(p)
	if err != nil {
		t.Fatal(err)
	}
	for i, got := range r.Tasks {
		in := f.Tasks[i+1]
		if got.Start != engine.DateFromTime(in.Start) || got.Finish != engine.DateFromTime(in.Finish) {
			t.Errorf("task %d: %s to %s, MS Project %s to %s", in.UID, got.Start, got.Finish, in.Start.Format(dateTime), in.Finish.Format(dateTime))
		}
	}
}

func TestTimesOfDayMeanTheWorkingDayTheyBound(t *testing.T) {
	cal := engine.Standard()
	for _, c := range []struct {
		at            string
		start, finish string
	}{
		{"2025-03-05T08:00:00", "2025-03-05", "2025-03-04"}, // a finish at 08:00 ends Tuesday's work
		{"2025-03-05T17:00:00", "2025-03-06", "2025-03-05"}, // a start at 17:00 begins Thursday's
		{"2025-03-05T12:30:00", "2025-03-05", "2025-03-05"},
		{"2025-03-10T08:00:00", "2025-03-10", "2025-03-07"}, // Monday 08:00 is Friday's end
		{"2025-03-08T10:00:00", "2025-03-10", "2025-03-08"}, // a Saturday, as the file says
	} {
		at, err := time.Parse(dateTime, c.at)
		if err != nil {
			t.Fatal(err)
		}
		if s, f := startDay(at, cal).String(), finishDay(at, cal).String(); s != c.start || f != c.finish {
			t.Errorf("%s starts %s and finishes %s, want %s and %s", c.at, s, f, c.start, c.finish)
		}
	}
}
