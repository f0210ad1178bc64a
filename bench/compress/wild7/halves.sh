#!/usr/bin/env bash
# wild7 in its two halves: see ../blind/halves.sh.
#
#   bench/compress/wild7/halves.sh [MODE]
exec "$(dirname "$0")/../blind/halves.sh" wild7 "$@"
