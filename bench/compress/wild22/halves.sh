#!/usr/bin/env bash
# wild22 in its two halves: see ../blind/halves.sh.
#
#   bench/compress/wild22/halves.sh [MODE]
exec "$(dirname "$0")/../blind/halves.sh" wild22 "$@"
