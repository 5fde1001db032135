#!/usr/bin/env node
/**
 * `npm test`: lint, typecheck and every workspace's tests, in lanes (ADR 017). The phases of one
 * lane run one after another; lanes run side by side.
 *
 * Each phase's output is kept in a log and printed whole when the phase ends, so two phases never
 * interleave their lines; each phase's time is printed as it ends, and all of them in a table at
 * the end (also when one fails, so a red run says where its minutes went). A failed phase stops
 * its lane and lets the other lanes finish; the run then fails.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

const root = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

/** `npm run test -w <name>` for each workspace with a test script, by folder. */
const workspaceTests = new Map(
  root.workspaces.flatMap((folder) => {
    const manifest = JSON.parse(
      readFileSync(new URL(`../${folder}/package.json`, import.meta.url), 'utf8'),
    );
    return manifest.scripts?.test
      ? [
          [
            folder,
            { name: `test ${manifest.name}`, command: ['npm', 'run', 'test', '-w', manifest.name] },
          ],
        ]
      : [];
  }),
);
const test = (folder) => {
  const phase = workspaceTests.get(folder);
  workspaceTests.delete(folder);
  return phase;
};

// One lane, in the order package.json lists the workspaces. Three lanes side by side (the server;
// lint, typecheck and the unit suites; the end-to-end suites) were tried on 2026-12-02 and were
// slower on the two-core CI machine: lint alone took 20:30 instead of 2:03, starved by the
// server's two workers and the browser (ADR 017). The lanes stay, for a machine with more cores.
const lanes = [
  [
    { name: 'lint', command: ['npm', 'run', 'lint'] },
    { name: 'typecheck', command: ['npm', 'run', 'typecheck'] },
    ...root.workspaces.map(test),
  ],
].map((lane) => lane.filter(Boolean));

const minutes = (ms) => {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

/** With one lane nothing can interleave, so a phase's output is shown as it comes. */
const streaming = lanes.length === 1;

function run([command, ...args]) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: ['ignore', streaming ? 'inherit' : 'pipe', streaming ? 'inherit' : 'pipe'],
    });
    if (streaming) {
      child.on('exit', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output: '' }));
      return;
    }
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

const started = Date.now();
const done = [];
async function runLane(lane) {
  for (const phase of lane) {
    console.log(`== ${phase.name}: started at ${minutes(Date.now() - started)}`);
    const phaseStarted = Date.now();
    const { code, output } = await run(phase.command);
    const took = Date.now() - phaseStarted;
    done.push({ ...phase, took, code });
    if (!streaming) console.log(`\n== ${phase.name} (output)\n${output.trimEnd()}`);
    console.log(
      `== ${phase.name}: ${code === 0 ? 'passed' : `FAILED (${code})`} in ${minutes(took)}\n`,
    );
    if (code !== 0) return false;
  }
  return true;
}

const passed = (await Promise.all(lanes.map(runLane))).every(Boolean);

console.log('\n== phase times (lanes run side by side)');
for (const [index, lane] of lanes.entries()) {
  for (const phase of lane) {
    const result = done.find((d) => d.name === phase.name);
    const status = result ? (result.code === 0 ? 'passed' : 'FAILED') : 'not run';
    const took = result ? minutes(result.took) : '';
    console.log(`   lane ${index + 1}  ${phase.name.padEnd(28)} ${took.padStart(6)}   ${status}`);
  }
}
console.log(`   ${'total (wall)'.padEnd(36)} ${minutes(Date.now() - started).padStart(6)}`);
process.exit(passed ? 0 : 1);
