#!/bin/sh
# Installs Debian's Chromium for the end-to-end tests when it is missing.
# Playwright's own browser download cannot work here; we drive the system one.
set -eu
if [ -x /usr/bin/chromium ]; then
	exit 0
fi
if [ -n "${TRAMITA_CHROMIUM:-}" ] && [ -x "$TRAMITA_CHROMIUM" ]; then
	exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
	echo "install-chromium: no /usr/bin/chromium and no apt-get; install Chromium and set TRAMITA_CHROMIUM to its path" >&2
	exit 1
fi
sudo=""
if [ "$(id -u)" -ne 0 ]; then
	sudo="sudo"
fi
echo "install-chromium: installing Debian's chromium" >&2
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null
