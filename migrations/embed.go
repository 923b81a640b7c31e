// Package migrations holds the goose SQL migrations, embedded into the binary.
package migrations

import "embed"

// FS is the set of migration files, applied in version order.
//
//go:embed *.sql
var FS embed.FS
