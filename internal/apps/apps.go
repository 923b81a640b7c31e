// Package apps owns the desktop's applications and their menus (spec sections
// 2 and 3): which ones a caller may use, the menu tree of one, and its
// htmlScripts served as a same-origin script file. A panel administrator uses
// every application, anyone else those given to one of their groups ('Todos'
// holds every user without membership rows). An application the caller may
// not use answers exactly like one that does not exist.
package apps

import (
	"context"
)

// Caller is the signed-in user as this package needs it. The server adapts
// the auth module's principal to it.
type Caller struct {
	UserID     int64
	PanelAdmin bool
}

// CurrentUser returns the caller of a request, false when nobody (or a
// session that still owes the second factor or the terms) is signed in.
type CurrentUser func(ctx context.Context) (Caller, bool)

// Application is one desktop entry, with the spec's field names.
type Application struct {
	ID                int64  `json:"id"`
	Name              string `json:"name"`
	IconName          string `json:"iconName"`
	IsFontAwesomeIcon bool   `json:"isFontAwesomeIcon"`
	ImageContent      string `json:"imageContent"`
	DisplayOnToolbar  bool   `json:"displayOnToolbar"`
	URLBehavior       bool   `json:"urlBehavior"`
	URLLink           string `json:"urlLink"`
	AppVersion        string `json:"appVersion"`
	CollapsedMenu     bool   `json:"collapsedMenu"`
}

// RuntimeApplication is the application as the runtime shell gets it with
// its menu: htmlScripts is the script text (spec), htmlScriptsUrl the
// same-origin address the shell loads it from ("" when there is none).
type RuntimeApplication struct {
	Application
	HTMLScripts    string `json:"htmlScripts"`
	HTMLScriptsURL string `json:"htmlScriptsUrl"`
}

// MenuEntry is one entry of an application's menu. Child is left out of the
// JSON for an entry without children, so the web app can test its presence.
type MenuEntry struct {
	Key           string      `json:"key"`
	KeyParent     *string     `json:"keyParent"`
	Name          string      `json:"name"`
	Link          string      `json:"link"`
	Icon          string      `json:"icon"`
	IsFontAwesome bool        `json:"isFontAwesome"`
	ImageContent  string      `json:"imageContent"`
	Badge         string      `json:"badge"`
	Title         bool        `json:"title"`
	Multilevel    bool        `json:"multilevel"`
	Child         []MenuEntry `json:"child,omitempty"`
}

// menuTree nests entries (in menu order) under their parents. Entries whose
// parents form a cycle are never reached from a root and are left out.
func menuTree(entries []MenuEntry) []MenuEntry {
	children := map[string][]int{}
	var roots []int
	for i, e := range entries {
		if e.KeyParent == nil {
			roots = append(roots, i)
			continue
		}
		children[*e.KeyParent] = append(children[*e.KeyParent], i)
	}
	var build func(idx []int) []MenuEntry
	build = func(idx []int) []MenuEntry {
		out := make([]MenuEntry, 0, len(idx))
		for _, i := range idx {
			e := entries[i]
			if kids := children[e.Key]; len(kids) > 0 {
				e.Child = build(kids)
			}
			out = append(out, e)
		}
		return out
	}
	return build(roots)
}
