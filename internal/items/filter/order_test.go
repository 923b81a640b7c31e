package filter

import (
	"reflect"
	"testing"
	"time"
)

func TestOrderByEndsWithTheIdInTheFirstTermsDirection(t *testing.T) {
	tests := []struct {
		name  string
		terms []Sort
		want  string
	}{
		{"nobody sorted: newest first", nil, "i.created_at DESC, i.id DESC"},
		{"ascending reads the index forward", []Sort{{Field: "cost", Direction: "asc"}},
			"(i.attributes->>'cost')::numeric ASC NULLS LAST, i.id ASC"},
		{"descending is its exact reverse", []Sort{{Field: "cost", Direction: "DESC"}},
			"(i.attributes->>'cost')::numeric DESC NULLS FIRST, i.id DESC"},
		{"no direction is ascending", []Sort{{Field: "Title"}}, "i.title ASC NULLS LAST, i.id ASC"},
		{"two terms", []Sort{{Field: "priority", Direction: "desc"}, {Field: "CreationDate", Direction: "asc"}},
			"(i.attributes->>'priority') DESC NULLS FIRST, i.created_at ASC NULLS LAST, i.id DESC"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := OrderBy(testSchema, tt.terms)
			if err != nil || got != tt.want {
				t.Fatalf("got %q %v, want %q", got, err, tt.want)
			}
		})
	}
	for _, bad := range [][]Sort{{{Field: "id; --"}}, {{Field: "cost"}, {Field: "file"}}, {{Field: "cost", Direction: "up"}}} {
		if got, err := OrderBy(testSchema, bad); err == nil {
			t.Errorf("%v accepted as %q", bad, got)
		}
	}
}

func TestSeekPassesTheRowAsArguments(t *testing.T) {
	at := time.Date(2025, 1, 2, 3, 4, 5, 6000, time.UTC)
	sql, args := Seek("i.created_at", true, at, 77, 4)
	if sql != "(i.created_at, i.id) < ($5, $6)" || !reflect.DeepEqual(args, []any{at, int64(77)}) {
		t.Fatalf("desc: %q %v", sql, args)
	}
	sql, args = Seek("i.number", false, int64(10), 3, 0)
	if sql != "(i.number, i.id) > ($1, $2)" || !reflect.DeepEqual(args, []any{int64(10), int64(3)}) {
		t.Fatalf("asc: %q %v", sql, args)
	}
}
