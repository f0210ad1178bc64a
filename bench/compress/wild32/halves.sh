#!/usr/bin/env bash
# wild32 in its two halves: see ../blind/halves.sh.
#
#   bench/compress/wild32/halves.sh [MODE]
exec "$(dirname "$0")/../blind/halves.sh" wild32 "$@"
