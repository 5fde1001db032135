/**
 * An employee's national identifier at rest (R-SENSITIVE, R-NATID-1..4): AES-256-GCM under the
 * installation's key, a fresh random IV per value, the GCM tag checked on every reveal. The key is
 * DATA_ENCRYPTION_KEY, or, when that is not set, a random key the server makes once and keeps in
 * DATA_DIR/encryption.key (mode 0600) so the embedded demo works out of the box.
 *
 * Nothing here logs, and no error message carries a value or a key.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Env } from '../../env';

export const keyFileName = 'encryption.key';

const algorithm = 'aes-256-gcm';
const format = 'v1';
/** Binds a sealed value to what it is: a ciphertext copied into another column will not open. */
const context = Buffer.from('dispatch:employees.national_identifier');

function decodeKey(text: string, source: string): Buffer {
  const trimmed = text.trim();
  const key = Buffer.from(trimmed, 'base64');
  if (!/^[A-Za-z0-9+/]{43}=$/.test(trimmed) || key.length !== 32) {
    throw new Error(`${source} does not hold a data encryption key (base64 of 32 bytes).`);
  }
  return key;
}

function errorCode(error: unknown): string | undefined {
  return (error as { code?: string } | null)?.code;
}

/**
 * Reads the key file, or makes it: written under a temporary name and linked into place, so two
 * processes starting at once agree on one key and neither reads a half-written file.
 */
function loadOrCreateKeyFile(file: string): Buffer {
  try {
    return decodeKey(readFileSync(file, 'utf8'), file);
  } catch (error) {
    if (errorCode(error) !== 'ENOENT') throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  writeFileSync(temporary, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(temporary, file);
  } catch (error) {
    if (errorCode(error) !== 'EEXIST') throw error;
  } finally {
    unlinkSync(temporary);
  }
  return decodeKey(readFileSync(file, 'utf8'), file);
}

const keyFiles = new Map<string, Buffer>();

/** The key national identifiers are sealed with, from the environment or DATA_DIR. */
export function dataEncryptionKey(env: Pick<Env, 'DATA_ENCRYPTION_KEY' | 'DATA_DIR'>): Buffer {
  if (env.DATA_ENCRYPTION_KEY) return decodeKey(env.DATA_ENCRYPTION_KEY, 'DATA_ENCRYPTION_KEY');
  const file = path.resolve(env.DATA_DIR, keyFileName);
  let key = keyFiles.get(file);
  if (!key) {
    key = loadOrCreateKeyFile(file);
    keyFiles.set(file, key);
  }
  return key;
}

/** The last four letters or digits, all a screen may show (R-NATID-2). */
export function lastFour(value: string): string {
  return value.replace(/[^0-9A-Za-z]/g, '').slice(-4);
}

/** `v1.<iv>.<tag>.<ciphertext>`, each part base64url. */
export function seal(key: Buffer, clear: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv(algorithm, key, iv);
  cipher.setAAD(context);
  const sealed = Buffer.concat([cipher.update(clear, 'utf8'), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url'));
  return [format, ...parts].join('.');
}

export class UnreadableSecretError extends Error {
  constructor() {
    super('The national identifier cannot be decrypted with this server’s data encryption key.');
  }
}

export function open(key: Buffer, stored: string): string {
  const [version, iv, tag, sealed] = stored.split('.');
  if (version !== format || !iv || !tag || sealed === undefined) throw new UnreadableSecretError();
  try {
    const decipher = createDecipheriv(algorithm, key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(context);
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(sealed, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    throw new UnreadableSecretError();
  }
}

/** The columns that keep a national identifier; null clears both. */
export function nationalIdentifierColumns(
  key: () => Buffer,
  value: string | null,
): { nationalIdentifierEncrypted: string | null; nationalIdentifierLast4: string | null } {
  if (value === null) return { nationalIdentifierEncrypted: null, nationalIdentifierLast4: null };
  return {
    nationalIdentifierEncrypted: seal(key(), value),
    nationalIdentifierLast4: lastFour(value),
  };
}
