#!/usr/bin/env bash
# wild26 in its two halves: see ../blind/halves.sh.
#
#   bench/compress/wild26/halves.sh [MODE]
exec "$(dirname "$0")/../blind/halves.sh" wild26 "$@"
