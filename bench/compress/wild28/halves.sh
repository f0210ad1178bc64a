#!/usr/bin/env bash
# wild28 in its two halves: see ../blind/halves.sh.
#
#   bench/compress/wild28/halves.sh [MODE]
exec "$(dirname "$0")/../blind/halves.sh" wild28 "$@"
