#!/usr/bin/env bash
# wild25 in its two halves: see ../blind/halves.sh.
#
#   bench/compress/wild25/halves.sh [MODE]
exec "$(dirname "$0")/../blind/halves.sh" wild25 "$@"
