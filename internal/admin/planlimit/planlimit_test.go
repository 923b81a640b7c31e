package planlimit

import "testing"

func TestHumanBytes(t *testing.T) {
	for n, want := range map[int64]string{
		10 << 30:         "10 GB",
		512 << 20:        "512 MB",
		1395864371:       "1331 MB", // 1.3 GB typed in the plan editor
		3 << 40:          "3 TB",
		1536:             "1 KB",
		5<<20 + 3:        "5 MB",
		700:              "700 bytes",
		0:                "0 bytes",
		(1 << 30) + 1024: "1048577 KB",
	} {
		if got := HumanBytes(n); got != want {
			t.Errorf("HumanBytes(%d) = %q, want %q", n, got, want)
		}
	}
}
