#!/usr/bin/env bash
# wild8 in its two halves: see ../blind/halves.sh.
#
#   bench/compress/wild8/halves.sh [MODE]
exec "$(dirname "$0")/../blind/halves.sh" wild8 "$@"
