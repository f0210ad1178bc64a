#!/usr/bin/env bash
# wild29 in its two halves: see ../blind/halves.sh.
#
#   bench/compress/wild29/halves.sh [MODE]
exec "$(dirname "$0")/../blind/halves.sh" wild29 "$@"
