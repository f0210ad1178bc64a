#!/usr/bin/env bash
# wild16 in its two halves: see ../blind/halves.sh.
#
#   bench/compress/wild16/halves.sh [MODE]
exec "$(dirname "$0")/../blind/halves.sh" wild16 "$@"
