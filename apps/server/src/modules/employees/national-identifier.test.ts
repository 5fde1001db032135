import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readEnv } from '../../env';
import {
  dataEncryptionKey,
  keyFileName,
  lastFour,
  nationalIdentifierColumns,
  open,
  seal,
  UnreadableSecretError,
} from './national-identifier';

describe('national identifiers at rest (R-SENSITIVE, R-NATID-1)', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'dispatch-key-'));
    dirs.push(dir);
    return path.join(dir, 'data');
  };
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('seals with a fresh IV each time, opens with the key, and refuses another key', () => {
    const key = randomBytes(32);
    const first = seal(key, '123-45-6789');
    const second = seal(key, '123-45-6789');
    expect(first).not.toBe(second);
    expect(first).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(first).not.toContain('6789');
    expect(open(key, first)).toBe('123-45-6789');
    expect(() => open(randomBytes(32), first)).toThrow(UnreadableSecretError);
    const [version, iv, tag, sealed] = first.split('.');
    // One bit of the sealed text changed (replacing its last letters could leave it as it was).
    const bytes = Buffer.from(sealed!, 'base64url');
    bytes[0] = bytes[0]! ^ 1;
    const flipped = `${version}.${iv}.${tag}.${bytes.toString('base64url')}`;
    expect(() => open(key, flipped)).toThrow(UnreadableSecretError);
    expect(() => open(key, 'plain text')).toThrow(UnreadableSecretError);
  });

  it('keeps the last four letters or digits, and clears both columns with null', () => {
    expect(lastFour('123-45-6789')).toBe('6789');
    expect(lastFour('ab 12 cd')).toBe('12cd');
    const key = randomBytes(32);
    const columns = nationalIdentifierColumns(() => key, 'XY-1234');
    expect(columns.nationalIdentifierLast4).toBe('1234');
    expect(open(key, columns.nationalIdentifierEncrypted!)).toBe('XY-1234');
    expect(nationalIdentifierColumns(() => key, null)).toEqual({
      nationalIdentifierEncrypted: null,
      nationalIdentifierLast4: null,
    });
  });

  it('takes DATA_ENCRYPTION_KEY from the environment, and refuses one that is not 32 bytes', () => {
    const text = randomBytes(32).toString('base64');
    const env = readEnv({ DATA_ENCRYPTION_KEY: text, DATA_DIR: dataDir() });
    expect(dataEncryptionKey(env).equals(Buffer.from(text, 'base64'))).toBe(true);
    expect(() => readEnv({ DATA_ENCRYPTION_KEY: randomBytes(16).toString('base64') })).toThrow(
      /DATA_ENCRYPTION_KEY: must be the base64 of 32 bytes/,
    );
  });

  it('without one, makes a key once under DATA_DIR, readable by its owner only', () => {
    const dir = dataDir();
    const env = readEnv({ DATA_DIR: dir });
    const key = dataEncryptionKey(env);
    expect(key).toHaveLength(32);
    const file = path.join(dir, keyFileName);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64').equals(key)).toBe(true);
    expect(dataEncryptionKey(readEnv({ DATA_DIR: `${dir}/` })).equals(key)).toBe(true);
    expect(dataEncryptionKey(readEnv({ DATA_DIR: dataDir() })).equals(key)).toBe(false);
  });
});
