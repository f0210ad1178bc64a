#!/usr/bin/env bash
# wild17 in its two halves: see ../blind/halves.sh.
#
#   bench/compress/wild17/halves.sh [MODE]
exec "$(dirname "$0")/../blind/halves.sh" wild17 "$@"
