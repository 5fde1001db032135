#!/usr/bin/env node
/**
 * The end-to-end suites as `npm test` runs them (ADR 017, fourteenth pass): the two projects of
 * vitest.config.ts side by side, as two vitest processes.
 *
 * - The timed walks, one at a time, at the machine's normal priority. Each times a promise of the
 *   product against the wall clock (a change on another screen within a second or two).
 * - The other walks, two at a time, at idle priority (SCHED_IDLE, `chrt --idle 0`); their products
 *   and browsers inherit it. They run on what the timed walk leaves: a walk keeps about 1.4 of the
 *   two cores busy, and waits on its product and browser in between. Whenever the timed walk's
 *   processes want a core they take it at once.
 *
 * Before, the timed walks ran alone after the others, with a quarter to a third of the machine
 * idle for their three to four minutes. `nice -n 10` was not enough: the board's live sample
 * took 1,091 and 1,742 ms against its second (269 and 480 ms at idle priority). Each process's
 * output is printed whole when both have ended, so the two never interleave, and a failed run's
 * last: CI's record keeps only the tail of the log, which then names the failed test and its error.
 * `npx vitest run` still runs both projects, one after the other.
 */
import { spawn } from 'node:child_process';

const vitest = ['npx', 'vitest', 'run', '--project'];
const runs = [
  { name: 'timed walks', command: [...vitest, 'timed'] },
  { name: 'walks (idle priority)', command: ['chrt', '--idle', '0', ...vitest, 'walks'] },
];

function run({ name, command: [command, ...args] }) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code, signal) => {
      const passed = code === 0 && !signal;
      const seconds = Math.round((Date.now() - started) / 1000);
      resolve({ name, passed, seconds, output: output.trimEnd() });
    });
  });
}

const results = await Promise.all(runs.map(run));
for (const { name, passed, seconds, output } of results.toSorted(
  (a, b) => Number(b.passed) - Number(a.passed),
)) {
  console.log(`\n== e2e, ${name} (output)\n${output}`);
  console.log(`== e2e, ${name}: ${passed ? 'passed' : 'FAILED'} in ${seconds} s\n`);
}
process.exit(results.every(({ passed }) => passed) ? 0 : 1);
