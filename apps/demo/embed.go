// Package demo holds the demo application packages that ship with Tramita.
package demo

import "embed"

// Packages are the demo packages, one YAML file each.
//
//go:embed *.yaml
var Packages embed.FS
