package engine

import (
	"math/rand/v2"
	"testing"
)

// bigProject is a plan the size of issue 16's goal: 5,000 tasks (500
// phases of 9 tasks) and 10,000 links of every type with lags and leads,
// each from an earlier task to a later one, over a calendar with holidays.
func bigProject(tb testing.TB) Project {
	rng := rand.New(rand.NewPCG(16, 5000))
	var holidays []Exception
	for y := 2025; y < 2035; y++ {
		d := DateOf(y, 12, 25)
		holidays = append(holidays, Exception{From: d, To: d, Name: "Natal"})
	}
	cal, err := NewCalendar(Standard().Week(), holidays)
	if err != nil {
		tb.Fatal(err)
	}
	p := Project{Start: day(tb, "2025-03-03"), Calendar: cal}
	var leaves []int64
	for phase := range int64(500) {
		id := phase*10 + 1
		p.Tasks = append(p.Tasks, Task{ID: id, Title: "Fase"})
		for k := range int64(9) {
			p.Tasks = append(p.Tasks, Task{ID: id + 1 + k, Parent: id, Title: "Tarefa", Duration: rng.IntN(10), Progress: float64(rng.IntN(101))})
			leaves = append(leaves, id+1+k)
		}
	}
	types := []LinkType{FS, FS, FS, SS, FF, SF}
	seen := map[[2]int64]bool{}
	for len(p.Links) < 10000 {
		a := rng.IntN(len(leaves) - 1)
		b := a + 1 + rng.IntN(min(40, len(leaves)-a-1))
		pair := [2]int64{leaves[a], leaves[b]}
		if seen[pair] {
			continue
		}
		seen[pair] = true
		p.Links = append(p.Links, Link{Pred: pair[0], Succ: pair[1], Type: types[rng.IntN(len(types))], Lag: rng.IntN(7) - 2})
	}
	return p
}

func BenchmarkSchedule(b *testing.B) {
	p := bigProject(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Schedule(p); err != nil {
			b.Fatal(err)
		}
	}
}
