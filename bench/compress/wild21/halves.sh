#!/usr/bin/env bash
# wild21 in its two halves: see ../blind/halves.sh.
#
#   bench/compress/wild21/halves.sh [MODE]
exec "$(dirname "$0")/../blind/halves.sh" wild21 "$@"
