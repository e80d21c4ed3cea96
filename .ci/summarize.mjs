// Sums vitest JSON reports and the counted checks into the closing line "N passed, N failed".
// A leg whose report is missing or unreadable (it crashed) counts as one failure.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** "file > test" for each failed test or file that failed to run, so a CI record names them. */
function failedTestNames(report) {
  const names = [];
  for (const file of report.testResults ?? []) {
    const path = String(file.name ?? '').replace(/^.*?\/(apps|packages|e2e|bench)\//, '$1/');
    const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedTests) names.push(`${path} > ${test.fullName ?? test.title}`);
    if (failedTests.length === 0 && file.status === 'failed')
      names.push(`${path} (${String(file.message ?? '').slice(0, 200)})`);
  }
  return names;
}

const [dir, checksPassed, checksFailed] = process.argv.slice(2);
let passed = Number(checksPassed);
let failed = Number(checksFailed);
const legs = ['test.json', 'pg.json', 'e2e.json'];
for (const leg of legs) {
  const file = join(dir, leg);
  if (!existsSync(file)) {
    if (leg === 'pg.json') continue; // the leg was skipped: no PostgreSQL here
    console.log(`${leg}: no report (the leg crashed)`);
    failed += 1;
    continue;
  }
  try {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    const legFailed =
      report.numFailedTests +
      (report.numRuntimeErrorTestSuites ?? 0) +
      (report.success === false && report.numFailedTests === 0 ? 1 : 0);
    console.log(`${leg}: ${report.numPassedTests} passed, ${legFailed} failed`);
    for (const name of failedTestNames(report)) console.log(`  failed: ${name}`);
    passed += report.numPassedTests;
    failed += legFailed;
  } catch (error) {
    console.log(`${leg}: unreadable report (${error.message})`);
    failed += 1;
  }
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
