#!/usr/bin/env bash
# wild12 in its two halves: see ../blind/halves.sh.
#
#   bench/compress/wild12/halves.sh [MODE]
exec "$(dirname "$0")/../blind/halves.sh" wild12 "$@"
