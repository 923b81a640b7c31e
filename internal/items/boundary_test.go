package items_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// writesItemTables finds SQL that writes an item or its versions;
// readsItemTables SQL that reads them straight from the tables.
var (
	writesItemTables = regexp.MustCompile(`(?i)\b(INSERT\s+INTO|UPDATE|DELETE\s+FROM|TRUNCATE|COPY)\s+(item|item_version)\b`)
	readsItemTables  = regexp.MustCompile(`(?i)\b(FROM|JOIN)\s+(item|item_version)\b`)
)

// Only the item core writes the item tables: every other module changes an
// item through items.Mutate (or the core's save calls), so the version row,
// the history and the concurrency check cannot be skipped or drift apart.
// Nor do the modules read them straight: they read through the core's
// methods or its access functions and views (readable_item, live_item...),
// so the core may change how items are stored.
func TestOnlyTheItemCoreTouchesTheItemTables(t *testing.T) {
	root := filepath.Join("..", "..")
	var offenders []string
	for _, dir := range []string{"internal", "cmd"} {
		err := filepath.WalkDir(filepath.Join(root, dir), func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(root, path)
			rel = filepath.ToSlash(rel)
			if d.IsDir() {
				// The core itself; the bench loads a million rows set-based straight
				// into the storage it measures (its seed follows the core's tables).
				if rel == "internal/items" || rel == "cmd/bench" {
					return filepath.SkipDir
				}
				return nil
			}
			if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return nil
			}
			body, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			for i, line := range strings.Split(string(body), "\n") {
				if writesItemTables.MatchString(line) || readsItemTables.MatchString(line) {
					offenders = append(offenders, rel+":"+strconv.Itoa(i+1)+": "+strings.TrimSpace(line))
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(offenders) > 0 {
		t.Errorf("these lines touch the item tables outside internal/items; change items through items.Mutate, read them through the core:\n%s",
			strings.Join(offenders, "\n"))
	}
}

// sqlText finds SQL statements in a Go string literal.
var sqlText = regexp.MustCompile(`\bSELECT\s|\bINSERT\s+INTO\b|\bUPDATE\s|\bDELETE\s+FROM\b`)

// databaseCalls are the pgx methods that run SQL.
var databaseCalls = map[string]bool{"Query": true, "QueryRow": true, "Exec": true, "SendBatch": true, "CopyFrom": true}

// The item core keeps its SQL in its store files (store*.go): they run it
// and turn database errors into the core's errors, so the service files hold
// the rules and a change of storage stays in one place.
func TestSQLStaysInTheCoreStoreFiles(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var offenders []string
	for _, name := range files {
		if strings.HasPrefix(name, "store") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				if sel, ok := n.Fun.(*ast.SelectorExpr); ok && databaseCalls[sel.Sel.Name] && !isURL(sel.X) {
					offenders = append(offenders, fset.Position(n.Pos()).String()+": calls ."+sel.Sel.Name)
				}
			case *ast.BasicLit:
				if n.Kind != token.STRING {
					return true
				}
				if s, err := strconv.Unquote(n.Value); err == nil && sqlText.MatchString(s) {
					offenders = append(offenders, fset.Position(n.Pos()).String()+": SQL "+strconv.Quote(sqlText.FindString(s)))
				}
			}
			return true
		})
	}
	if len(offenders) > 0 {
		t.Errorf("SQL outside the core's store files; move it into a store*.go file:\n%s", strings.Join(offenders, "\n"))
	}
}

// isURL reports whether x is a request's URL (r.URL.Query() is no SQL).
func isURL(x ast.Expr) bool {
	sel, ok := x.(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "URL"
}
