// The lint rules issue 24 added, on planted code: the rules that ESLint's own configuration gives a
// file at that path must refuse an answer cast in the web and a function over 300 lines anywhere
// in production source, and let a test's long describe body be. Run by `npm run lint` (node --test).
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { ESLint, Linter } from 'eslint';
import tseslint from 'typescript-eslint';

const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });
/** The rules the project's configuration gives that checks no types need. */
const checked = ['no-restricted-syntax', 'max-lines-per-function'];

/** What the project's rules say of `code` at `file` (a path that need not exist). */
async function problemsAt(file, code) {
  const config = await eslint.calculateConfigForFile(path.join(root, file));
  const rules = Object.fromEntries(
    checked.flatMap((rule) => (config.rules?.[rule] ? [[rule, config.rules[rule]]] : [])),
  );
  const messages = new Linter().verify(
    code,
    { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser }, rules },
    { filename: file },
  );
  return messages.map((message) => `${message.ruleId}: ${message.message}`);
}

const longFunction = (name) =>
  `export function ${name}(): number {\n  let total = 0;\n${'  total += 1;\n'.repeat(300)}  return total;\n}\n`;

test('an answer cast in the web fails lint; the same call with a schema passes', async () => {
  const cast = await problemsAt(
    'apps/web/src/features/orders/planted.ts',
    "import { apiGet } from '../../lib/api-client';\ntype Order = { id: number };\nexport const order = apiGet<Order>('/api/v1/orders/1');\n",
  );
  assert.deepEqual(cast, [
    "no-restricted-syntax: Pass apiGet the answer's schema (packages/domain) instead of a type argument.",
  ]);
  const parsed = await problemsAt(
    'apps/web/src/features/orders/planted.ts',
    "import { apiGet } from '../../lib/api-client';\nimport { orderSchema } from './order-schema';\nexport const order = apiGet('/api/v1/orders/1', orderSchema);\n",
  );
  assert.deepEqual(parsed, []);
});

test('a function over 300 lines fails lint in production source, server and web', async () => {
  for (const file of [
    'apps/server/src/modules/orders/planted.ts',
    'apps/web/src/features/orders/planted.ts',
  ]) {
    const problems = await problemsAt(file, longFunction('planted'));
    assert.equal(problems.length, 1, problems.join('\n'));
    assert.match(
      problems[0],
      /^max-lines-per-function: Function 'planted' has too many lines \(304\)\. Maximum allowed is 300\./,
    );
  }
  assert.deepEqual(
    await problemsAt('apps/server/src/modules/orders/planted.test.ts', longFunction('planted')),
    [],
  );
});
