#!/usr/bin/env bash
# wild10 in its two halves: see ../blind/halves.sh.
#
#   bench/compress/wild10/halves.sh [MODE]
exec "$(dirname "$0")/../blind/halves.sh" wild10 "$@"
