/**
 * The seat token (R-ENTITY-41): made once per browser and sent with every login, so an
 * administrator can end every session of one seat and the dispatcher's forced logout can name it.
 */
import { readStored, storageKeys, webStorageKeys, writeStored } from '../lib/storage';

function randomId(): string {
  return crypto.randomUUID();
}

export function ensureSeatToken(now: Date = new Date()): string {
  const existing = readStored(storageKeys.seatToken);
  if (existing !== null && existing.trim() !== '') return existing;
  const token = randomId();
  writeStored(storageKeys.seatToken, token);
  writeStored(storageKeys.seatTokenTimeStamp, now.toISOString());
  return token;
}

export function seatToken(): string | null {
  return readStored(storageKeys.seatToken);
}

/** One id per tab, sent as connection_id on login so the server can tell tabs apart. */
export function connectionId(): string {
  const existing = readStored(webStorageKeys.connectionId, 'session');
  if (existing !== null) return existing;
  const id = randomId();
  writeStored(webStorageKeys.connectionId, id, 'session');
  return id;
}
