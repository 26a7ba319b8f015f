#!/usr/bin/env bash
# Installs what an all-features build and its tests need from Debian's packages, when missing:
# OpenSSL's headers for the `native-tls` feature (openssl-sys finds them through pkg-config),
# and the `openssl` program the TLS tests serve HTTPS with (agents-providers/tests/tls.rs).
# `.ci/run` and `scripts/test.sh` call it; it does nothing on a machine that has them.
set -euo pipefail

missing=()
pkg-config --exists openssl 2>/dev/null || missing+=(libssl-dev pkg-config)
command -v openssl >/dev/null || missing+=(openssl)
if [[ ${#missing[@]} -eq 0 ]]; then
  exit 0
fi
echo "[system-deps] installing ${missing[*]}"
if [[ "$(id -u)" == "0" ]]; then
  as_root=()
elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
  as_root=(sudo -n)
else
  echo "[system-deps] missing, and this user cannot install packages: apt-get install ${missing[*]}" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" apt-get install -y -qq "${missing[@]}" >/dev/null
