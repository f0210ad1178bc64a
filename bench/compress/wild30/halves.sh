#!/usr/bin/env bash
# wild30 in its two halves: see ../blind/halves.sh.
#
#   bench/compress/wild30/halves.sh [MODE]
exec "$(dirname "$0")/../blind/halves.sh" wild30 "$@"
