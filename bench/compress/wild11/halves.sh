#!/usr/bin/env bash
# wild11 in its two halves: see ../blind/halves.sh.
#
#   bench/compress/wild11/halves.sh [MODE]
exec "$(dirname "$0")/../blind/halves.sh" wild11 "$@"
