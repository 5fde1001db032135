#!/usr/bin/env node
/**
 * `npm test`: lint, typecheck, then each workspace's tests, one after another as before, with
 * each phase's time printed as it ends and all of them in a table at the end (also when one
 * fails, so a red run says where its minutes went). Stops at the first phase that fails.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

const root = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

/** The workspaces with a test script, in the order package.json lists them. */
const workspaceTests = root.workspaces.flatMap((folder) => {
  const manifest = JSON.parse(
    readFileSync(new URL(`../${folder}/package.json`, import.meta.url), 'utf8'),
  );
  return manifest.scripts?.test
    ? [{ name: `test ${manifest.name}`, command: ['npm', 'run', 'test', '-w', manifest.name] }]
    : [];
});

const phases = [
  { name: 'lint', command: ['npm', 'run', 'lint'] },
  { name: 'typecheck', command: ['npm', 'run', 'typecheck'] },
  ...workspaceTests,
];

const minutes = (ms) => {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

function run([command, ...args]) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit' });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const done = [];
const started = Date.now();
let failed;
for (const phase of phases) {
  console.log(`\n== ${phase.name}`);
  const phaseStarted = Date.now();
  const code = await run(phase.command);
  const took = Date.now() - phaseStarted;
  done.push({ ...phase, took, code });
  console.log(
    `== ${phase.name}: ${code === 0 ? 'passed' : `FAILED (${code})`} in ${minutes(took)}`,
  );
  if (code !== 0) {
    failed = phase;
    break;
  }
}

console.log('\n== phase times');
for (const phase of done) {
  console.log(
    `   ${phase.name.padEnd(28)} ${minutes(phase.took).padStart(6)}   ${phase.code === 0 ? 'passed' : 'FAILED'}`,
  );
}
for (const phase of phases.slice(done.length)) console.log(`   ${phase.name.padEnd(28)}  not run`);
console.log(`   ${'total'.padEnd(28)} ${minutes(Date.now() - started).padStart(6)}`);
process.exit(failed ? 1 : 0);
