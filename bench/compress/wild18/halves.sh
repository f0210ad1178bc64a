#!/usr/bin/env bash
# wild18 in its two halves: see ../blind/halves.sh.
#
#   bench/compress/wild18/halves.sh [MODE]
exec "$(dirname "$0")/../blind/halves.sh" wild18 "$@"
