#!/usr/bin/env node
/**
 * `npm test`: the typecheck, the lint and vitest at once. On a clean clone the typecheck has no build
 * info and checks every side from nothing on one core, while the lint needs the other core for a
 * fraction of that time; vitest's two workers do not keep both cores busy either (its main process
 * only transforms and reports, and a project's last files run alone). Side by side, each uses the
 * core the others leave idle (docs/testing.md); the checks at a lower priority, so that they take only
 * what vitest leaves.
 *
 * A failed check still ends the run as soon as it is known: vitest is stopped and the check's output
 * printed, so a type error is not reported after minutes of tests. A passing check's output is printed
 * after vitest's, so the two never interleave. Arguments go to vitest (`npm test -- tests/x.test.ts`).
 * The exit code is the first failure's.
 */
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';

// vitest itself, not through npx: a stop must reach the process that owns the workers.
const vitest = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));

const checks = ['typecheck', 'lint'];
const CHECKS_NICENESS = 10;

let tests;
let stopped = false;
const children = new Set();

// Stopped from outside (a CI timeout, `kill`): stop what it started too, or vitest and its workers
// would run on without anyone reading their output.
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) {
  process.once(signal, () => {
    for (const child of children) child.kill(signal);
    process.exit(1);
  });
}

function runCheck(script) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    // Below vitest's priority (npm passes it on to tsc, Biome and depcruise): the checks take the core vitest
    // leaves idle, and a screen test's waits are not slowed by a typecheck beside it.
    if (child.pid !== undefined) setPriority(child.pid, CHECKS_NICENESS);
    children.add(child);
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      const report = () => {
        process.stdout.write(`\n> npm run ${script}: ${code === 0 ? 'passed' : `failed (${code})`}\n`);
        process.stdout.write(Buffer.concat(output));
      };
      if (code !== 0 && !stopped) {
        stopped = true;
        tests?.kill('SIGTERM');
        report();
        resolve({ code: code ?? 1, report: () => {} });
      } else resolve({ code: code ?? 1, report });
    });
  });
}

function runTests(args) {
  return new Promise((resolve) => {
    tests = spawn(process.execPath, [vitest, 'run', ...args], { stdio: 'inherit' });
    children.add(tests);
    tests.on('close', (code) => resolve(stopped ? 1 : (code ?? 1)));
  });
}

const [testCode, ...checkResults] = await Promise.all([
  runTests(process.argv.slice(2)),
  ...checks.map(runCheck),
]);
for (const { report } of checkResults) report();
const failedCheck = checkResults.find(({ code }) => code !== 0);
process.exit(failedCheck ? failedCheck.code : testCode);
