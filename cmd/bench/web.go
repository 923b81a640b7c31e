package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
)

// webScreen is what a first screen loads: the entry of index.html with its
// static imports, plus its route's lazy chunks with the dependencies Vite
// preloads for them (__vite__mapDeps) and their static imports.
type webScreen struct {
	name            string
	files           int
	js, css         int64 // raw bytes
	jsGzip, cssGzip int64 // gzip, default level, file by file
	missing         []string
}

var (
	htmlAsset    = regexp.MustCompile(`(?:src|href)="/(assets/[^"]+\.(?:js|css))"`)
	staticImport = regexp.MustCompile(`(?:from\s*|import\s*)["'` + "`" + `]\./([^"'` + "`" + `]+\.js)["'` + "`" + `]`)
	lazyImport   = regexp.MustCompile(`import\(["'` + "`" + `]\./([^"'` + "`" + `]+\.js)["'` + "`" + `]\)(?:\.then\([^)]*\))?,__vite__mapDeps\(\[([\d,]*)\]\)`)
	mapDeps      = regexp.MustCompile(`m\.f=(\[[^\]]*\])`)
)

// webSizes measures the login screen, the desktop and an application's page.
func webSizes(dist string) ([]webScreen, error) {
	html, err := os.ReadFile(filepath.Join(dist, "index.html"))
	if err != nil {
		return nil, err
	}
	var entry []string
	for _, m := range htmlAsset.FindAllStringSubmatch(string(html), -1) {
		entry = append(entry, m[1])
	}
	if len(entry) == 0 {
		return nil, fmt.Errorf("%s/index.html names no assets", dist)
	}
	// Every lazy chunk any loaded file names, with its preloaded dependencies.
	lazy := map[string][]string{}
	files, _ := filepath.Glob(filepath.Join(dist, "assets", "*.js"))
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		var deps []string
		if m := mapDeps.FindSubmatch(b); m != nil {
			_ = json.Unmarshal(m[1], &deps)
		}
		for _, m := range lazyImport.FindAllSubmatch(b, -1) {
			chunk := "assets/" + string(m[1])
			list := []string{chunk}
			for _, s := range strings.Split(string(m[2]), ",") {
				if i, err := strconv.Atoi(s); err == nil && i < len(deps) {
					list = append(list, deps[i])
				}
			}
			lazy[chunk] = list
		}
	}
	lazyOf := func(prefix string) []string {
		for chunk, list := range lazy {
			if strings.HasPrefix(path.Base(chunk), prefix+"-") {
				return list
			}
		}
		return []string{"missing:" + prefix}
	}
	screens := []struct {
		name   string
		chunks []string
	}{
		{"login (/login)", []string{"LoginPage"}},
		{"desktop (/app)", []string{"PortalLayout", "DesktopPage"}},
		{"an application's page (/runtime/:appID)", []string{"PortalLayout", "RuntimeIndex"}},
	}
	var out []webScreen
	for _, sc := range screens {
		roots := slices.Clone(entry)
		for _, c := range sc.chunks {
			roots = append(roots, lazyOf(c)...)
		}
		ws, err := measureScreen(dist, sc.name, roots)
		if err != nil {
			return nil, err
		}
		out = append(out, ws)
	}
	return out, nil
}

func measureScreen(dist, name string, roots []string) (webScreen, error) {
	ws := webScreen{name: name}
	seen := map[string]bool{}
	queue := slices.Clone(roots)
	for len(queue) > 0 {
		f := queue[0]
		queue = queue[1:]
		if seen[f] {
			continue
		}
		seen[f] = true
		if strings.HasPrefix(f, "missing:") {
			ws.missing = append(ws.missing, strings.TrimPrefix(f, "missing:"))
			continue
		}
		b, err := os.ReadFile(filepath.Join(dist, f))
		if err != nil {
			return ws, err
		}
		gz := gzipSize(b)
		ws.files++
		if strings.HasSuffix(f, ".css") {
			ws.css += int64(len(b))
			ws.cssGzip += gz
			continue
		}
		ws.js += int64(len(b))
		ws.jsGzip += gz
		for _, m := range staticImport.FindAllSubmatch(b, -1) {
			queue = append(queue, path.Join(path.Dir(f), string(m[1])))
		}
	}
	return ws, nil
}

func gzipSize(b []byte) int64 {
	var buf bytes.Buffer
	w := gzip.NewWriter(&buf)
	_, _ = w.Write(b)
	_ = w.Close()
	return int64(buf.Len())
}

// paintScreen is one screen's first and largest contentful paint in
// Chromium over several loads.
type paintScreen struct {
	name     string
	loads    int
	fcp, lcp []time.Duration
	// first: with click, the time from a click on the screen's menu entry to
	// its first row or card, in place of fcp and lcp.
	first []time.Duration
	click bool
}

// paintScript is run from the repository's root (it finds Playwright in
// e2e/node_modules).
const paintScript = "cmd/bench/paint.mjs"

// benchPaint loads the login page, the desktop and the demo's task list in
// Chromium runs times each (cmd/bench/paint.mjs) and answers their paint
// timings (the list's name says its address).
func benchPaint(ctx context.Context, addr, login, password string, runs int) ([]paintScreen, error) {
	out, err := runPaintScript(ctx, runs, "http://"+addr, login, password, strconv.Itoa(runs))
	if err != nil {
		return nil, err
	}
	type timing struct {
		FCP   *float64 `json:"fcp"`
		LCP   *float64 `json:"lcp"`
		First *float64 `json:"first"`
	}
	var res struct {
		ListURL string              `json:"listURL"`
		Screens map[string][]timing `json:"screens"`
	}
	if err := json.Unmarshal(out, &res); err != nil {
		return nil, fmt.Errorf("%s answered %.200q: %w", paintScript, out, err)
	}
	msOf := func(f float64) time.Duration { return time.Duration(f * float64(time.Millisecond)) }
	var screens []paintScreen
	for _, s := range []struct {
		key, name string
		click     bool
	}{
		{"login", "login (/login)", false},
		{"desktop", "desktop (/app)", false},
		{"list", "the demo's task list (" + res.ListURL + ")", false},
		{"listClick", "the task list, click on \"Tarefas\" to the first row", true},
		{"boardClick", "the task board, click on \"Quadro de tarefas\" to the first card", true},
	} {
		ps := paintScreen{name: s.name, loads: len(res.Screens[s.key]), click: s.click}
		for _, t := range res.Screens[s.key] {
			if t.First != nil {
				ps.first = append(ps.first, msOf(*t.First))
			}
			if t.FCP != nil {
				ps.fcp = append(ps.fcp, msOf(*t.FCP))
			}
			if t.LCP != nil {
				ps.lcp = append(ps.lcp, msOf(*t.LCP))
			}
		}
		screens = append(screens, ps)
	}
	return screens, nil
}

// runPaintScript runs cmd/bench/paint.mjs with args, given two minutes a
// run, and answers what it printed.
func runPaintScript(ctx context.Context, runs int, args ...string) ([]byte, error) {
	if _, err := os.Stat("e2e/node_modules/playwright-core"); err != nil {
		return nil, fmt.Errorf("no playwright-core in e2e/node_modules (cd e2e && npm ci): %w", err)
	}
	ctx, cancel := context.WithTimeout(ctx, time.Duration(runs)*2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "node", append([]string{paintScript}, args...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		msg := stderr.String()
		if len(msg) > 800 {
			msg = msg[len(msg)-800:]
		}
		return nil, fmt.Errorf("%s: %w: %s", paintScript, err, msg)
	}
	return out, nil
}
