#!/usr/bin/env bash
# .ci/run's refusals: each is one line on stderr and exit status 2, before
# anything is installed or built.
#   run-arguments.sh PATH/TO/.ci/run
set -u
run=$1
fail=0
check() { # expected-message args...
  local expected=$1; shift
  local out rc
  out=$(bash "$run" "$@" 2>&1); rc=$?
  if [ "$rc" -ne 2 ] || [ "$out" != "$expected" ]; then
    echo "FAIL: .ci/run $*: exit $rc, said: $out"; echo "  expected: $expected"; fail=1
  else
    echo "ok: .ci/run $*"
  fi
}
check ".ci/run: unknown backend 'acme' (core, linalg, nvidia, intel)" --backend acme
check ".ci/run: --backend needs a name (core, linalg, nvidia, intel)" --backend
check ".ci/run: unknown argument '--fast' (usage: .ci/run [--backend core|linalg|nvidia|intel])" --fast
exit $fail
