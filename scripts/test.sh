#!/usr/bin/env bash
# Runs every test of the repository in one Vitest run and ends with one line, "N passed, N failed", whatever
# happens (pnpm adds its own ELIFECYCLE line after a failing script unless it runs as `pnpm -s test`).
# The conformance suite needs Debian's python3-jinja2 (the reference renderer), later suites redis-server, and the
# playground's end-to-end tests chromium: they are installed with apt-get when missing and this runs as root,
# otherwise the script says what to install.
set -uo pipefail
cd "$(dirname "$0")/.."

need=()
/usr/bin/python3 -c 'import jinja2' >/dev/null 2>&1 || need+=(python3-jinja2)
command -v redis-server >/dev/null 2>&1 || need+=(redis-server)
[ -n "${CHROMIUM_PATH:-}" ] || command -v chromium >/dev/null 2>&1 || need+=(chromium)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "installing ${need[*]} with apt-get"
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}") >/dev/null ||
      { echo "apt-get could not install: ${need[*]}"; echo "0 passed, 1 failed"; exit 1; }
  else
    echo "the tests need Debian packages that are missing: sudo apt-get install ${need[*]}"
    echo "0 passed, 1 failed"
    exit 1
  fi
fi

[ -d node_modules ] || pnpm install --frozen-lockfile

export TURBO_TELEMETRY_DISABLED=1
status=0
# The build, the type check and the lint count as one check each in the last line, so that it never says
# "0 failed" of a run that failed.
steps_passed=0
steps_failed=0
for step in build typecheck lint; do
  if pnpm run "$step"; then steps_passed=$((steps_passed + 1)); else steps_failed=$((steps_failed + 1)); status=1; fi
done

report=$(mktemp)
pnpm exec vitest run --reporter=default --reporter=json --outputFile.json="$report" "$@" || status=1

if [ -s "$report" ]; then
  node -e '
    const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
    const [stepsPassed, stepsFailed] = process.argv.slice(2).map(Number);
    const skipped = r.numPendingTests + r.numTodoTests;
    const passed = r.numPassedTests + stepsPassed;
    // A file that fails with no failed test (an import or a beforeAll that throws) counts as one failure.
    const brokenFiles = r.testResults.filter(
      (file) => file.status === "failed" && !file.assertionResults.some((test) => test.status === "failed"),
    );
    const failed = r.numFailedTests + brokenFiles.length + stepsFailed;
    console.log(`${passed} passed, ${failed} failed` + (skipped ? `, ${skipped} skipped` : ""));
    if (r.numTotalTests === 0 || r.numFailedTests > 0 || r.numFailedTestSuites > 0) process.exit(1);
  ' "$report" "$steps_passed" "$steps_failed" || status=1
else
  echo "$steps_passed passed, $((steps_failed + 1)) failed"
  status=1
fi
rm -f "$report"
exit $status
