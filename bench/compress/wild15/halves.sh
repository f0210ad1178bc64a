#!/usr/bin/env bash
# wild15 in its two halves: see ../blind/halves.sh.
#
#   bench/compress/wild15/halves.sh [MODE]
exec "$(dirname "$0")/../blind/halves.sh" wild15 "$@"
