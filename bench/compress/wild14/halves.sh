#!/usr/bin/env bash
# wild14 in its two halves: see ../blind/halves.sh.
#
#   bench/compress/wild14/halves.sh [MODE]
exec "$(dirname "$0")/../blind/halves.sh" wild14 "$@"
