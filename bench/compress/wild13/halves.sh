#!/usr/bin/env bash
# wild13 in its two halves: see ../blind/halves.sh.
#
#   bench/compress/wild13/halves.sh [MODE]
exec "$(dirname "$0")/../blind/halves.sh" wild13 "$@"
