#!/usr/bin/env bash
# wild5 in its two halves: see ../blind/halves.sh.
#
#   bench/compress/wild5/halves.sh [MODE]
exec "$(dirname "$0")/../blind/halves.sh" wild5 "$@"
