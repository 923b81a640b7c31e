// Package web embeds the built single-page application (web/dist).
//
// The folder holds only a placeholder until `make build` runs Vite, so Go code
// compiles and tests run on a fresh clone; the server then answers the web
// routes with a page that says how to build the app.
package web

import (
	"embed"
	"io/fs"
)

//go:embed all:dist
var dist embed.FS

// Dist returns the built app, rooted at its index.html.
func Dist() fs.FS {
	sub, err := fs.Sub(dist, "dist")
	if err != nil {
		panic(err) // the embed pattern above guarantees the folder exists
	}
	return sub
}
