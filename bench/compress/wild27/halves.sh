#!/usr/bin/env bash
# wild27 in its two halves: see ../blind/halves.sh.
#
#   bench/compress/wild27/halves.sh [MODE]
exec "$(dirname "$0")/../blind/halves.sh" wild27 "$@"
