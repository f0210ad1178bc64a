#!/usr/bin/env bash
# wild4 in its two halves: see ../blind/halves.sh.
#
#   bench/compress/wild4/halves.sh [MODE]
exec "$(dirname "$0")/../blind/halves.sh" wild4 "$@"
