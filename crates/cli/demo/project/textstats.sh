#!/usr/bin/env bash
# textstats: small text statistics for shell scripts.

# word_count TEXT: prints the number of words in TEXT.
word_count() {
  local text="$1"
  local spaces="${text//[^ ]/}"
  echo $(( ${#spaces} + 1 ))
}

# line_count TEXT: prints the number of lines in TEXT.
line_count() {
  local text="$1"
  if [[ -z "$text" ]]; then
    echo 0
    return
  fi
  printf '%s\n' "$text" | wc -l | tr -d ' '
}
