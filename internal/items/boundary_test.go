package items_test

import (
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
