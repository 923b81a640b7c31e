package apps_test

import (
	"context"
	"encoding/json"
	"io/fs"
	"regexp"
	"slices"
	"strconv"
	"testing"

	demoapps "github.com/tramita/tramita/apps/demo"
	"github.com/tramita/tramita/internal/apppkg"
	"github.com/tramita/tramita/internal/apps"
)

// importDemo imports one demo package as the demo loader does and answers
// its application's id.
func (f *fixture) importDemo(t *testing.T, file string) int64 {
	t.Helper()
	data, err := fs.ReadFile(demoapps.Packages, file)
	if err != nil {
		t.Fatal(err)
	}
	p, err := apppkg.Parse(file, data)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := apppkg.Import(context.Background(), f.db, file, p)
	if err != nil {
		t.Fatal(err)
	}
	return rep.ApplicationID
}

// The project management demo's menu, as a plain user gets it: the projects
// list first (a runtime address made from the package's /projects/ link),
// then the lists, the board, the schedule and the report, each an address inside the
// application. No entry names a project: a package cannot know a project's id.
func TestMenuOfTheProjectManagementDemo(t *testing.T) {
	f := newFixture(t)
	id := f.importDemo(t, "project-management.yaml")
	app := "/runtime/" + strconv.FormatInt(id, 10)
	status, body, _ := f.call(t, "POST", menuPath(id), "ana", "en")
	if status != 200 {
		t.Fatalf("status %d: %s", status, body)
	}
	var pair []json.RawMessage
	var menu []apps.MenuEntry
	if err := json.Unmarshal(body, &pair); err != nil || len(pair) != 2 || json.Unmarshal(pair[0], &menu) != nil {
		t.Fatalf("not a menu: %s", body)
	}
	if len(menu) != 1 || menu[0].Key != "work" || menu[0].Name != "Projects" {
		t.Fatalf("top entries %+v", menu)
	}
	links := map[string]*regexp.Regexp{
		"projects":             regexp.MustCompile(`^` + app + `/projects/Projetos$`),
		"tasks":                regexp.MustCompile(`^` + app + `/list/\d+/\d+/\d+/\d+/Tarefas$`),
		"myTasks":              regexp.MustCompile(`^` + app + `/list/\d+/\d+/\d+/\d+/Minhas%20tarefas$`),
		"taskBoard":            regexp.MustCompile(`^` + app + `/kanban/\d+/Quadro$`),
		"taskCalendar":         regexp.MustCompile(`^` + app + `/calendar/Agenda$`),
		"schedule":             regexp.MustCompile(`^` + app + `/schedule/\d+/Cronograma$`),
		"risks":                regexp.MustCompile(`^` + app + `/list/\d+/\d+/\d+/\d+/Riscos$`),
		"changes":              regexp.MustCompile(`^` + app + `/list/\d+/\d+/\d+/\d+/Solicita%C3%A7%C3%B5es%20de%20mudan%C3%A7a$`),
		"taskReport":           regexp.MustCompile(`^` + app + `/operation/\d+/Relat%C3%B3rio%20de%20tarefas$`),
		"tasksByProjectReport": regexp.MustCompile(`^` + app + `/report/\d+/Tarefas%20por%20projeto%20e%20situa%C3%A7%C3%A3o$`),
	}
	var keys []string
	for _, e := range menu[0].Child {
		keys = append(keys, e.Key)
		if want := links[e.Key]; want == nil || !want.MatchString(e.Link) {
			t.Errorf("%s links to %q", e.Key, e.Link)
		}
		if regexp.MustCompile(`/listProject/`).MatchString(e.Link) {
			t.Errorf("%s names a project: %q", e.Key, e.Link)
		}
	}
	if want := []string{"projects", "tasks", "myTasks", "taskBoard", "taskCalendar", "schedule", "risks", "changes", "taskReport", "tasksByProjectReport"}; !slices.Equal(keys, want) {
		t.Errorf("entries %v, want %v", keys, want)
	}
	if p := menu[0].Child[0]; p.Name != "Projects" || p.Icon != "FolderOpen" {
		t.Errorf("projects entry %+v", p)
	}
	_, ptBody, _ := f.call(t, "POST", menuPath(id), "ana", "pt-BR")
	var ptPair []json.RawMessage
	var ptMenu []apps.MenuEntry
	if json.Unmarshal(ptBody, &ptPair) != nil || json.Unmarshal(ptPair[0], &ptMenu) != nil || ptMenu[0].Child[0].Name != "Projetos" {
		t.Errorf("pt-BR menu %s", ptBody)
	}
}

// A package's /projects/ link goes back to the same words on export, so
// the package round-trips; any other address is kept as written.
func TestProjectsLinkExportsAsWritten(t *testing.T) {
	f := newFixture(t)
	f.importDemo(t, "project-management.yaml")
	p, err := apppkg.Export(context.Background(), f.db, "projectManagement")
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(p.Menu, func(m apppkg.MenuEntry) bool { return m.Key == "projects" })
	if i < 0 || p.Menu[i].Link != "/projects/Projetos" {
		t.Fatalf("exported menu %+v", p.Menu)
	}
	if i := slices.IndexFunc(p.Menu, func(m apppkg.MenuEntry) bool { return m.Key == "taskCalendar" }); i < 0 || p.Menu[i].Link != "/calendar/Agenda" {
		t.Fatalf("exported calendar entry %+v", p.Menu)
	}
}
