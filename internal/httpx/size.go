package httpx

import "strconv"

// sizeUnits are the units a limit is written in, largest first (÷1024).
var sizeUnits = []struct {
	bytes int64
	name  string
}{{1 << 20, " MB"}, {1 << 10, " KB"}}

// humanBytes writes a JSON body's limit in the largest unit it reaches,
// with a fraction where needed (1.5 MB).
func humanBytes(n int64) string {
	for _, u := range sizeUnits {
		if n >= u.bytes {
			return strconv.FormatFloat(float64(n)/float64(u.bytes), 'f', -1, 64) + u.name
		}
	}
	return strconv.FormatInt(n, 10) + " B"
}

// HumanSize writes an upload's limit in whole units, the largest that
// divides it (1536 KB), as the file limits are configured.
func HumanSize(n int64) string {
	for _, u := range sizeUnits {
		if n >= u.bytes && n%u.bytes == 0 {
			return strconv.FormatInt(n/u.bytes, 10) + u.name
		}
	}
	return strconv.FormatInt(n, 10) + " B"
}
