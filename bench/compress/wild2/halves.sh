#!/usr/bin/env bash
# wild2 in its two halves: see ../blind/halves.sh.
#
#   bench/compress/wild2/halves.sh [MODE]
exec "$(dirname "$0")/../blind/halves.sh" wild2 "$@"
