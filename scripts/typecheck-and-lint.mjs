#!/usr/bin/env node
/**
 * `npm test`'s checks before the tests: `npm run typecheck` and `npm run lint` side by side. On a clean
 * clone the typecheck has no build info yet and checks everything on one core, while Biome and the
 * import boundaries fit on the other. Each one's output is printed whole when it ends, so the two never
 * interleave; the exit code is the first failure's.
 */
import { spawn } from 'node:child_process';

const checks = ['typecheck', 'lint'];

function run(script) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      process.stdout.write(`\n> npm run ${script}: ${code === 0 ? 'passed' : `failed (${code})`}\n`);
      process.stdout.write(Buffer.concat(output));
      resolve(code ?? 1);
    });
  });
}

const codes = await Promise.all(checks.map(run));
process.exit(codes.find((code) => code !== 0) ?? 0);
