#!/usr/bin/env bash
# wild9 in its two halves: see ../blind/halves.sh.
#
#   bench/compress/wild9/halves.sh [MODE]
exec "$(dirname "$0")/../blind/halves.sh" wild9 "$@"
