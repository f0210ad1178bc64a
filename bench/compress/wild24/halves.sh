#!/usr/bin/env bash
# wild24 in its two halves: see ../blind/halves.sh.
#
#   bench/compress/wild24/halves.sh [MODE]
exec "$(dirname "$0")/../blind/halves.sh" wild24 "$@"
