#!/usr/bin/env bash
# Serves the web build (web/dist/, made by `bash web/build.sh`) on http://localhost:${1:-8080}/.
set -euo pipefail
cd "$(dirname "$0")/dist"
exec python3 -m http.server "${1:-8080}" --bind 127.0.0.1
