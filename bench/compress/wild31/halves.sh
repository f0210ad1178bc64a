#!/usr/bin/env bash
# wild31 in its two halves: see ../blind/halves.sh.
#
#   bench/compress/wild31/halves.sh [MODE]
exec "$(dirname "$0")/../blind/halves.sh" wild31 "$@"
