// Package api holds the API contract, served at /api/openapi.yaml.
package api

import _ "embed"

// OpenAPI is the contract of every call under /api.
//
//go:embed openapi.yaml
var OpenAPI []byte
