#!/bin/sh
# Writes deploy/nginx.conf with the address nginx listens on and the Hustle servers behind it:
#   deploy/render-nginx.sh LISTEN SERVER... > nginx.conf
#   e.g. deploy/render-nginx.sh 80 10.0.0.11:3000 10.0.0.12:3000 10.0.0.13:3000
# With TLS_LISTEN, TLS_CERTIFICATE and TLS_CERTIFICATE_KEY set, nginx also answers HTTPS there.
set -eu
if [ "$#" -lt 2 ]; then
  echo "usage: $0 LISTEN SERVER..." >&2
  exit 64
fi
listen=$1
shift
servers=""
for server in "$@"; do
  # A server that failed is left alone for 10 s before nginx tries it again.
  servers="${servers}    server ${server} max_fails=1 fail_timeout=10s;
"
done
tls=""
if [ -n "${TLS_LISTEN:-}" ]; then
  tls="    listen ${TLS_LISTEN} ssl;
    ssl_certificate ${TLS_CERTIFICATE:?TLS_CERTIFICATE is needed with TLS_LISTEN};
    ssl_certificate_key ${TLS_CERTIFICATE_KEY:?TLS_CERTIFICATE_KEY is needed with TLS_LISTEN};
"
fi
template="$(dirname "$0")/nginx.conf"
LISTEN="$listen" SERVERS="$servers" TLS="$tls" awk '
  /@SERVERS@/ { printf "%s", ENVIRON["SERVERS"]; next }
  /@TLS@/ { printf "%s", ENVIRON["TLS"]; next }
  { gsub(/@LISTEN@/, ENVIRON["LISTEN"]); print }
' "$template"
