#!/usr/bin/env bash
# wild23 in its two halves: see ../blind/halves.sh.
#
#   bench/compress/wild23/halves.sh [MODE]
exec "$(dirname "$0")/../blind/halves.sh" wild23 "$@"
