#!/usr/bin/env bash
# wild6 in its two halves: see ../blind/halves.sh.
#
#   bench/compress/wild6/halves.sh [MODE]
exec "$(dirname "$0")/../blind/halves.sh" wild6 "$@"
