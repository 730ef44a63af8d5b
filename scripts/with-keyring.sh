#!/bin/sh
# Runs a command inside a private D-Bus session that has its own gnome-keyring,
# unlocked, so tests talk to a real Secret Service without touching the user's
# keyring. The keyring files live in a temporary directory removed on exit.
#
#   scripts/with-keyring.sh npx vitest run
#
# The command keeps the caller's environment (HOME included); only
# DBUS_SESSION_BUS_ADDRESS and GNOME_KEYRING_CONTROL point into the private
# session, and WITH_KEYRING=1 tells tests they run inside it.
set -eu

die() {
  printf 'with-keyring.sh: %s\n' "$*" >&2
  exit 1
}

[ "$#" -gt 0 ] || die 'usage: scripts/with-keyring.sh <command> [arguments...]'

if [ "${WITH_KEYRING_STAGE:-}" != inside ]; then
  for tool in dbus-run-session dbus-daemon dbus-send gnome-keyring-daemon; do
    command -v "$tool" >/dev/null 2>&1 ||
      die "'$tool' is not installed; the keychain tests need a real Secret Service. On Debian/Ubuntu: sudo apt-get install dbus gnome-keyring"
  done

  dir=$(mktemp -d "${TMPDIR:-/tmp}/with-keyring.XXXXXX")
  trap 'rm -rf "$dir"' EXIT
  trap 'exit 130' INT
  trap 'exit 143' TERM
  mkdir -m 700 "$dir/home" "$dir/data" "$dir/config" "$dir/cache" "$dir/runtime"

  # No service directories: nothing is started on demand, so a second keyring
  # daemon cannot be activated beside ours and gnome-keyring's prompter (a GUI
  # window that would wait forever under a display) is never launched; prompts
  # fail at once, as they do on a machine with no one at the screen.
  cat >"$dir/bus.conf" <<EOF
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:dir=$dir</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
EOF

  status=0
  WITH_KEYRING_STAGE=inside WITH_KEYRING_DIR=$dir \
    dbus-run-session --config-file="$dir/bus.conf" -- /bin/sh "$0" "$@" || status=$?
  exit "$status"
fi

# Inside the private session.
dir=$WITH_KEYRING_DIR
unset WITH_KEYRING_STAGE WITH_KEYRING_DIR

# --unlock reads the login keyring's password from stdin and creates the keyring
# on first run; an empty password would leave it uncreated, so use a throwaway one.
password=$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')
# Its warnings (one on every overwrite of an item) are shown only when something fails.
log=$dir/gnome-keyring.log
printf '%s' "$password" |
  env HOME="$dir/home" XDG_DATA_HOME="$dir/data" XDG_CONFIG_HOME="$dir/config" \
    XDG_CACHE_HOME="$dir/cache" XDG_RUNTIME_DIR="$dir/runtime" \
    gnome-keyring-daemon --foreground --unlock --components=secrets >/dev/null 2>"$log" &
keyring=$!
trap 'kill "$keyring" 2>/dev/null || :; wait "$keyring" 2>/dev/null || :' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# Only the log's tail: it holds a warning per overwritten item, thousands in a
# full run, and printed whole it pushes the failing test's report out of sight.
show_log() {
  if [ -s "$log" ]; then
    lines=$(wc -l <"$log")
    printf 'with-keyring.sh: gnome-keyring-daemon said (the last 20 of %s lines):\n' "$lines" >&2
    tail -n 20 "$log" >&2
  fi
}

secret_service_up() {
  dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
    org.freedesktop.DBus.NameHasOwner string:org.freedesktop.secrets 2>/dev/null | grep -q 'boolean true'
}

tries=0
until secret_service_up; do
  if ! kill -0 "$keyring" 2>/dev/null; then
    show_log
    die 'gnome-keyring-daemon exited before it registered the Secret Service on D-Bus.'
  fi
  tries=$((tries + 1))
  if [ "$tries" -gt 100 ]; then
    show_log
    die 'gnome-keyring-daemon did not register the Secret Service on D-Bus within 10 seconds.'
  fi
  sleep 0.1
done

status=0
GNOME_KEYRING_CONTROL="$dir/runtime/keyring" WITH_KEYRING=1 "$@" || status=$?
[ "$status" -eq 0 ] || show_log
exit "$status"
