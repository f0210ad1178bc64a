# Shared helpers: pgup DIR PORT / pgdown DIR (throw-away PostgreSQL clusters owned by postgres),
# web ROOT PORT (a Python static server in the background, pid in ROOT.pid), req URL (status only).
S() { su postgres -s /bin/bash -c "$1"; }
pgup() {
  rm -rf "$1"; mkdir -p "$1" "$1.sock"; chown postgres "$1" "$1.sock"
  S "initdb -D $1 -A trust -U postgres" >/dev/null 2>&1
  cat >> "$1/postgresql.conf" <<EOC
port = $2
listen_addresses = '127.0.0.1'
unix_socket_directories = '$1.sock'
EOC
}
pgdown() { S "pg_ctl -D $1 -m fast -w stop" >/dev/null 2>&1 || true; }
web() { mkdir -p "$1"; echo ok > "$1/index.html"; (cd "$1" && exec python3 -m http.server "$2" --bind 127.0.0.1 >/dev/null 2>&1) & echo $! > "$1.pid"; sleep 1; }
req() { curl -s -o /dev/null -m 3 "$@" || true; }
