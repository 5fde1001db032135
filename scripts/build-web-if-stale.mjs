// Builds the web app before `npm start` when there is no build yet or its sources changed since,
// so a fresh clone opens the product at one URL without a separate build step.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'apps/web/dist/index.html');
const sources = ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'packages/domain/src'];

function newest(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce(
    (latest, name) => Math.max(latest, newest(path.join(target, name))),
    stat.mtimeMs,
  );
}

const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
const changedAt = Math.max(...sources.map((source) => newest(path.join(root, source))));
if (builtAt < changedAt) {
  process.stdout.write('Building the web app...\n');
  const result = spawnSync('npm', ['run', 'build', '-w', '@dispatch/web', '--silent'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  process.exit(result.status ?? 1);
}
