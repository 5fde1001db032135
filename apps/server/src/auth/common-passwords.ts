/**
 * R-PASS-2: the most common passwords, refused whatever their length. The list is the 49,193
 * passwords of four or more characters in zxcvbn-ts's common dictionary (@zxcvbn-ts/language-common
 * 4.1.3, MIT licence, drawn from breach corpora), lowercased, shipped as common-passwords.txt.
 * A common word padded with digits or symbols to pass the length rule ('password1234',
 * '!!qwertyuiop!!') is refused too: guessers try those first.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

let list: ReadonlySet<string> | undefined;

function commonPasswords(): ReadonlySet<string> {
  list ??= new Set(
    readFileSync(path.join(import.meta.dirname, 'common-passwords.txt'), 'utf8')
      .split('\n')
      .filter((line) => line !== ''),
  );
  return list;
}

const padding = /^[\d\W_]+|[\d\W_]+$/gu;

export function isCommonPassword(password: string): boolean {
  const lowered = password.trim().toLowerCase();
  const known = commonPasswords();
  if (known.has(lowered)) return true;
  const core = lowered.replace(padding, '');
  return core !== lowered && core.length >= 4 && known.has(core);
}
