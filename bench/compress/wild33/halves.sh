#!/usr/bin/env bash
# wild33 in its two halves: see ../blind/halves.sh.
#
#   bench/compress/wild33/halves.sh [MODE]
exec "$(dirname "$0")/../blind/halves.sh" wild33 "$@"
