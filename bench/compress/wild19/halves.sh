#!/usr/bin/env bash
# wild19 in its two halves: see ../blind/halves.sh.
#
#   bench/compress/wild19/halves.sh [MODE]
exec "$(dirname "$0")/../blind/halves.sh" wild19 "$@"
