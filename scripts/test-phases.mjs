#!/usr/bin/env node
/**
 * `npm test`: lint, typecheck and every workspace's tests, in stages of lanes (ADR 017). Stages
 * run one after another; a stage's lanes run side by side, each lane's phases one after another.
 *
 * Each phase's output is kept in a log and printed whole when the phase ends, so two phases never
 * interleave their lines; each phase's time is printed as it ends, and all of them in a table at
 * the end (also when one fails, so a red run says where its minutes went). A failed phase stops
 * its lane and lets the stage's other lanes finish; the run then fails without the later stages.
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

// ESLint's typed run is the first stage's longest phase. It runs as two processes side by side, the
// server's side and the rest, which are about even (63 s and 51 s alone on 2026-12-07) and
// together lint what `eslint .` lints (ADR 017, fourteenth pass).
const serverSide = ['apps/server', 'apps/intercom', 'packages'];
const eslint = (args) => ['npx', 'eslint', ...args, '--max-warnings', '0'];

// Stages run one after another; the lanes of a stage run side by side (ADR 017). On the two-core
// CI machine only the first stage has two: each lane starts with one half of ESLint, then the
// typecheck (tsgo, the native compiler: about 18 s for every workspace instead of tsc's 95 s),
// the small unit suites, the web build and the rest of `npm run lint`. Three lanes at once (the
// server; lint and the unit suites; the end-to-end suites) were tried on 2026-12-02 and starved
// lint (20:30 instead of 2:03) behind the server's two workers and the browser.
const stages = [
  [
    [
      { name: 'lint: ESLint, server side', command: eslint(serverSide) },
      { name: 'typecheck', command: ['npm', 'run', 'typecheck'] },
      test('packages/signalr'),
      test('apps/intercom'),
    ],
    [
      {
        name: 'lint: ESLint, the rest',
        command: eslint([
          '.',
          ...serverSide.flatMap((folder) => ['--ignore-pattern', `${folder}/**`]),
        ]),
      },
      // The end-to-end suites serve the built web app; built here, their phase finds it fresh and
      // skips the build.
      { name: 'build web', command: ['npm', 'run', 'build', '-w', '@dispatch/web', '--silent'] },
      { name: 'lint: imports', command: ['npm', 'run', 'lint:imports', '--silent'] },
      { name: 'lint: Prettier', command: ['npm', 'run', 'lint:format', '--silent'] },
      // This lane was the shorter by about 16 s (2:09 against 2:25 on 2026-12-07): the domain's
      // 10 s even them out.
      test('packages/domain'),
    ],
  ],
  [[test('apps/server')]],
  [[test('apps/web')]],
  [[test('e2e')]],
  // A workspace added later still runs, last.
  [[...workspaceTests.values()]],
]
  .map((stage) => stage.map((lane) => lane.filter(Boolean)).filter((lane) => lane.length > 0))
  .filter((stage) => stage.length > 0);

const minutes = (ms) => {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

/** With one lane nothing can interleave, so a phase's output is shown as it comes. */
function run([command, ...args], streaming) {
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
async function runLane(lane, streaming) {
  for (const phase of lane) {
    console.log(`== ${phase.name}: started at ${minutes(Date.now() - started)}`);
    const phaseStarted = Date.now();
    const { code, output } = await run(phase.command, streaming);
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

let passed = true;
for (const stage of stages) {
  const streaming = stage.length === 1;
  passed = (await Promise.all(stage.map((lane) => runLane(lane, streaming)))).every(Boolean);
  if (!passed) break;
}

console.log("\n== phase times (a stage's lanes run side by side)");
for (const [stageIndex, stage] of stages.entries()) {
  for (const [laneIndex, lane] of stage.entries()) {
    for (const phase of lane) {
      const result = done.find((d) => d.name === phase.name);
      const status = result ? (result.code === 0 ? 'passed' : 'FAILED') : 'not run';
      const took = result ? minutes(result.took) : '';
      const where = `stage ${stageIndex + 1}${stage.length > 1 ? `, lane ${laneIndex + 1}` : ''}`;
      console.log(
        `   ${where.padEnd(16)} ${phase.name.padEnd(28)} ${took.padStart(6)}   ${status}`,
      );
    }
  }
}
console.log(`   ${'total (wall)'.padEnd(45)} ${minutes(Date.now() - started).padStart(6)}`);
process.exit(passed ? 0 : 1);
