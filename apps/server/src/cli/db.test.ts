/**
 * `npm run db -- user add` as an installer runs it: the same rules as the administration screens
 * for the username and the password, checked before anything is written.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const dataDir = mkdtempSync(path.join(tmpdir(), 'dispatch-cli-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// An embedded database of its own, whatever the run's DATABASE_URL.
const inherited = { ...process.env };
delete inherited.DATABASE_URL;

async function addUser(username: string, password: string) {
  const answer = await run(
    process.execPath,
    ['--import', 'tsx', 'src/cli/db.ts', 'user', 'add', 'DEMO', username],
    {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: { ...inherited, DATA_DIR: dataDir, DISPATCH_PASSWORD: password },
    },
  ).then(
    () => ({ code: 0, stderr: '' }),
    (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
  );
  return answer;
}

describe('the user add command', () => {
  it('refuses twelve spaces or twelve of one letter as a password', async () => {
    for (const weak of [' '.repeat(12), 'a'.repeat(12)]) {
      const answer = await addUser('night.batchman', weak);
      expect(answer.code).toBe(1);
      expect(answer.stderr).toContain(
        'The password must use at least 5 different characters, spaces aside.',
      );
    }
  });

  it('refuses a username no one could sign in with', async () => {
    const answer = await addUser('u'.repeat(300), 'a long and fine passphrase');
    expect(answer.code).toBe(1);
    expect(answer.stderr).toContain('The username');
    expect(answer.stderr).toContain('100');
  });
});
