package apppkg

import (
	"errors"
	"testing"
	"time"
)

// FuzzParse feeds arbitrary text to the package reader: it returns a package
// or an error, never panics, and every problem it reports names a line.
func FuzzParse(f *testing.F) {
	for _, seed := range []string{
		"key: demo\nname:\n  pt-BR: Demo\n",
		"key: demo\ncomponents:\n  - key: task\n    name: {pt-BR: Tarefa}\n    attributes:\n      - {key: cost, type: currency}\n",
		"key: [\n",
		"components: 12\n",
		"key: demo\nmenus:\n  - list: {component: nope}\n",
		"\x00\xff",
		"a: &a [*a, *a, *a]\n",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		// A package is read on an administrator's request: it must not hang the server.
		var (
			p   *Package
			err error
		)
		read := make(chan struct{})
		go func() {
			defer close(read)
			p, err = Parse("fuzz.yaml", data)
		}()
		select {
		case <-read:
		case <-time.After(2 * time.Second):
			t.Fatalf("reading %q takes more than 2 s", data)
		}
		if err == nil && p == nil {
			t.Fatal("no package and no error")
		}
		if err == nil {
			return
		}
		var invalid *Invalid
		if !errors.As(err, &invalid) || len(invalid.Problems) == 0 {
			t.Fatalf("%T %v is not a list of problems", err, err)
		}
		for _, problem := range invalid.Problems {
			if problem.Line < 1 && !isWholeFileProblem(problem) {
				t.Fatalf("problem without a line: %s", problem)
			}
		}
	})
}

// isWholeFileProblem: a few problems concern the file as a whole (empty, not
// UTF-8, no document) and honestly have no line; they say so with line 0 and
// a reason naming the file.
func isWholeFileProblem(p Problem) bool { return p.Line == 0 && p.File != "" && p.Reason != "" }
