// Prints, last, what failed in the previous Playwright run (test-results/report.json): each failing
// test's place, title and the first lines of its error. A CI log is read from its tail, and the
// list reporter prints the error above the attachments, out of sight.
import { readFileSync } from 'node:fs';

const strip = (text) => text.replace(/\u001b\[[0-9;]*m/g, '');
let report;
try {
  report = JSON.parse(readFileSync(new URL('../test-results/report.json', import.meta.url), 'utf8'));
} catch (error) {
  console.log(`(no Playwright report to summarise: ${error.message})`);
  process.exit(0);
}

const failures = [];
const walk = (suite, parents) => {
  const titles = suite.title && !/\.(spec|test)\.ts$/.test(suite.title) ? [...parents, suite.title] : parents;
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      for (const result of test.results ?? []) {
        if (result.status === 'passed' || result.status === 'skipped') continue;
        failures.push({ where: `${spec.file}:${spec.line}`, title: [...titles, spec.title].join(' › '), result });
      }
    }
  }
  for (const child of suite.suites ?? []) walk(child, titles);
};
for (const suite of report.suites ?? []) walk(suite, []);

console.log(`\n── ${failures.length} failed end-to-end test(s), their errors ──`);
for (const { where, title, result } of failures) {
  console.log(`✘ ${where} › ${title} (${result.status}, ${(result.duration / 1000).toFixed(1)} s)`);
  for (const error of result.errors ?? []) {
    // The message without its code frame (the location follows).
    const all = strip(error.message ?? String(error.value ?? '')).split('\n');
    const frame = all.findIndex((l) => /^\s*>?\s*\d+ \|/.test(l));
    const lines = (frame === -1 ? all : all.slice(0, frame)).filter((l) => l.trim() !== '');
    for (const line of lines.slice(0, 10)) console.log(`    ${line}`);
    if (error.location) console.log(`    at ${error.location.file.replace(/.*\/e2e\//, '')}:${error.location.line}`);
  }
}
