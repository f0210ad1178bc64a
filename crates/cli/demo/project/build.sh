#!/usr/bin/env bash
# A chatty build, like most real ones.
cd "$(dirname "$0")" || exit 2
echo "textstats build 0.3.1"
for i in $(seq 1 400); do
  echo "[$i/400] checking module_$i.sh ... ok"
done
echo "warning: textstats.sh:7: word_count splits on single spaces only"
for i in $(seq 1 200); do
  echo "packaging object $i of 200"
done
bash -n textstats.sh && echo "syntax check passed"
echo "build finished: 400 modules, 1 warning"
