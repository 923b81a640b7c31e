//go:build !unix

package database

import (
	"context"
	"errors"
	"log/slog"
)

// AppDatabase is the database the embedded server creates for Tramita.
const AppDatabase = "tramita"

// ErrDataDirInUse reports that another process holds the data directory.
var ErrDataDirInUse = errors.New("data directory in use")

// EmbeddedConfig says which binaries to run and where the data lives.
type EmbeddedConfig struct {
	BinDir   string
	DataDir  string
	Logger   *slog.Logger
	Settings map[string]string
	MovedDir string
}

// Embedded is unavailable on this system: set DATABASE_URL.
type Embedded struct{}

// StartEmbedded is only implemented for Linux and macOS.
func StartEmbedded(context.Context, EmbeddedConfig) (*Embedded, error) {
	return nil, errors.New("embedded postgres is not supported on this system; set DATABASE_URL")
}

func (e *Embedded) URL() string           { return "" }
func (e *Embedded) PID() int              { return 0 }
func (e *Embedded) Done() <-chan struct{} { return nil }
func (e *Embedded) Stop() error           { return nil }
