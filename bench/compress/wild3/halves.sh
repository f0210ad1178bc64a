#!/usr/bin/env bash
# wild3 in its two halves: see ../blind/halves.sh.
#
#   bench/compress/wild3/halves.sh [MODE]
exec "$(dirname "$0")/../blind/halves.sh" wild3 "$@"
