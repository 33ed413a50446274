#!/usr/bin/env bash
# Debian packages the project needs beyond PyPI:
#   chromium  - the real browser the play-page tests drive through Playwright
#   nauty     - geng, which writes the graph6 streams of all small graphs for sweeps
# Benchmarks add libm4ri-dev (see benchmarks/README.md).
set -euo pipefail
need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v geng >/dev/null 2>&1 || command -v nauty-geng >/dev/null 2>&1 || need+=(nauty)
for pkg in "$@"; do
  dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
done
if ((${#need[@]})); then
  sudo=""
  [[ $(id -u) -ne 0 ]] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
