/**
 * npm run bench:web
 *
 * Two figures of the built web app, each beside a baseline measured in the same run on the same
 * machine, and a target:
 * - the JavaScript the login route loads (gzip -9), against the smallest React 19 + react-dom app
 *   the same Vite builds; target under 200 kB;
 * - the JavaScript the driver app (/driver) loads on a phone, against the same baseline; target
 *   under 150 kB;
 * - click on Sign in to an interactive dashboard (median of 5, a fresh browser profile each), against
 *   a plain page load of the login form in the same browser; target at most 1.5 s.
 * It builds apps/web, then starts the product as `npm start` does over a fresh demo database.
 * It exits 0 when a figure misses its target (it is a measurement) and non-zero only on errors.
 */
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../src/support/browser';
import { repoRoot, startProduct, type Product } from '../src/support/processes';
import {
  driverPath,
  driverRouteScripts,
  loginPath,
  loginRouteScripts,
  timeLogin,
  timeLoginForm,
  type LoginTiming,
} from './browser-timings';
import { buildMinimalReactApp } from './react-baseline';

const runs = 5;
const targetGzipBytes = 200_000;
const targetDriverGzipBytes = 150_000;
const targetLoginMs = 1_500;

type SizedFile = { name: string; bytes: number; gzip: number };

const gzipSize = (bytes: Uint8Array) => gzipSync(bytes, { level: 9 }).length;
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const ms = (value: number) => `${Math.round(value)} ms`;
const verdict = (pass: boolean) => (pass ? 'PASS' : 'BELOW TARGET');
const sum = (files: readonly SizedFile[]) => files.reduce((total, file) => total + file.gzip, 0);

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function sized(name: string, bytes: Uint8Array): SizedFile {
  return { name, bytes: bytes.length, gzip: gzipSize(bytes) };
}

function buildWebApp(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', 'build', '-w', '@dispatch/web'], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`The web app did not build (${code}):\n${output}`)),
    );
  });
}

type RouteSize = { title: string; loaded: SizedFile[]; target: number };

function printSize({ title, loaded, target }: RouteSize, baseline: SizedFile[]): void {
  const total = sum(loaded);
  console.log(`\n${title}`);
  console.log(`  figure    ${kB(total)} gzip -9, ${loaded.length} files`);
  console.log(
    `  baseline  ${kB(sum(baseline))} gzip -9: a React 19 + react-dom app rendering <h1>hi</h1>, same Vite`,
  );
  console.log(`  target    under ${kB(target)}  (kB = 1,000 bytes)`);
  console.log(`  result    ${verdict(total < target)}`);
  console.log('  largest files (gzip, raw):');
  for (const file of [...loaded].sort((a, b) => b.gzip - a.gzip).slice(0, 8))
    console.log(`    ${kB(file.gzip).padStart(9)}  ${kB(file.bytes).padStart(9)}  ${file.name}`);
}

async function measureSize(browser: Browser, product: Product): Promise<void> {
  const sizedScripts = (scripts: { url: string; bytes: Uint8Array }[]) =>
    scripts.map((script) => sized(new URL(script.url).pathname, script.bytes));
  const baseline = (await buildMinimalReactApp()).map((file) => sized(file.name, file.bytes));
  printSize(
    {
      title: `Login route JavaScript: ${loginPath} in a fresh profile, until the form is idle`,
      loaded: sizedScripts(await loginRouteScripts(browser, product.url)),
      target: targetGzipBytes,
    },
    baseline,
  );
  printSize(
    {
      title: `Driver app JavaScript: ${driverPath} on a 390×844 phone in a fresh profile, until its sign-in is idle`,
      loaded: sizedScripts(await driverRouteScripts(browser, product.url)),
      target: targetDriverGzipBytes,
    },
    baseline,
  );
}

async function measureLogin(browser: Browser, product: Product): Promise<void> {
  // Warm the server's and the browser's first-use paths; shown, not counted.
  const warmForm = await timeLoginForm(browser, product.url);
  const warmLogin = await timeLogin(browser, product.url);
  const logins: LoginTiming[] = [];
  const forms: number[] = [];
  // Interleaved, so a slow spell of the machine falls on both figures alike.
  for (let run = 0; run < runs; run++) {
    forms.push(await timeLoginForm(browser, product.url));
    logins.push(await timeLogin(browser, product.url));
  }
  const figure = median(logins.map((login) => login.readyMs));
  console.log('\nSign in to interactive dashboard: click on "Sign in" to /home with its heading,');
  console.log(
    '  "Orders by status", "Trucks by status" and "Latest tickets" showing data, and the',
  );
  console.log(`  "Connecting" modal gone; a fresh profile each run, median of ${runs}`);
  console.log(`  runs      ${logins.map((login) => ms(login.readyMs)).join(', ')}`);
  console.log(
    `            (regions showing data at ${logins.map((login) => ms(login.dataMs)).join(', ')})`,
  );
  console.log(`  figure    ${ms(figure)}`);
  console.log(
    `  baseline  ${ms(median(forms))}: navigating a fresh profile to ${loginPath} until its form is ready, median of ${runs}`,
  );
  console.log(`            (runs ${forms.map(ms).join(', ')})`);
  console.log(`  target    at most ${ms(targetLoginMs)}`);
  console.log(`  result    ${verdict(figure <= targetLoginMs)}`);
  console.log(`  warm-up, not counted: login ${ms(warmLogin.readyMs)}, form ${ms(warmForm)}`);
  const errors = [...new Set(logins.flatMap((login) => login.consoleErrors))];
  for (const error of errors) console.log(`  console error during a login: ${error}`);
}

async function main(): Promise<void> {
  const started = performance.now();
  await buildWebApp();
  console.log(`Built apps/web in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  const product = await startProduct();
  let browser: Browser | undefined;
  try {
    browser = await launchBrowser();
    console.log(
      `Web bench: Chromium ${browser.version()} headless, Node ${process.version}, ${availableParallelism()} CPUs, product at ${product.url}`,
    );
    await measureSize(browser, product);
    await measureLogin(browser, product);
  } finally {
    await browser?.close();
    await product.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
