#!/usr/bin/env bash
# wild20 in its two halves: see ../blind/halves.sh.
#
#   bench/compress/wild20/halves.sh [MODE]
exec "$(dirname "$0")/../blind/halves.sh" wild20 "$@"
