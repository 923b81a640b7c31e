package msproject

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// formatDuration writes minutes as MSPDI's PT#H#M#S.
func formatDuration(minutes int) string {
	sign := ""
	if minutes < 0 {
		sign, minutes = "-", -minutes
	}
	return fmt.Sprintf("%sPT%dH%dM0S", sign, minutes/60, minutes%60)
}

// parseDuration reads an ISO 8601 duration of days, hours, minutes and
// seconds (MS Project writes PT#H#M#S) as whole minutes.
func parseDuration(s string) (int, error) {
	rest, negative := strings.CutPrefix(strings.TrimSpace(s), "-")
	rest, ok := strings.CutPrefix(rest, "P")
	if !ok || rest == "" {
		return 0, fmt.Errorf("duration %q", s)
	}
	units := map[byte]float64{'Y': 365 * 24 * 60, 'D': 24 * 60}
	var total float64
	for rest != "" {
		if rest[0] == 'T' {
			units = map[byte]float64{'H': 60, 'M': 1, 'S': 1.0 / 60}
			rest = rest[1:]
			continue
		}
		end := strings.IndexFunc(rest, func(r rune) bool { return (r < '0' || r > '9') && r != '.' })
		if end <= 0 {
			return 0, fmt.Errorf("duration %q", s)
		}
		n, err := strconv.ParseFloat(rest[:end], 64)
		unit, known := units[rest[end]]
		if err != nil || !known {
			return 0, fmt.Errorf("duration %q", s)
		}
		total += n * unit
		rest = rest[end+1:]
	}
	if negative {
		total = -total
	}
	return int(math.Round(total)), nil
}
