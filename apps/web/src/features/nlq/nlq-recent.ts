/**
 * R-NLQ-9: the questions this user asked lately, newest first, kept in this browser per user and
 * database (questions may name customers: they stay with the person who asked them).
 */
import { readStored, writeStored } from '../../lib/storage';

const kept = 8;

function keyOf(username: string, database: string): string {
  return `nlqRecent:${database.toUpperCase()}:${username.toLowerCase()}`;
}

export function readRecentQuestions(username: string, database: string): string[] {
  try {
    const value: unknown = JSON.parse(readStored(keyOf(username, database)) ?? '[]');
    return Array.isArray(value)
      ? value.filter((item): item is string => typeof item === 'string')
      : [];
  } catch {
    return [];
  }
}

export function rememberQuestion(username: string, database: string, question: string): string[] {
  const trimmed = question.trim();
  const list = [
    trimmed,
    ...readRecentQuestions(username, database).filter(
      (item) => item.toLowerCase() !== trimmed.toLowerCase(),
    ),
  ].slice(0, kept);
  writeStored(keyOf(username, database), JSON.stringify(list));
  return list;
}

export function forgetQuestions(username: string, database: string): void {
  writeStored(keyOf(username, database), null);
}
