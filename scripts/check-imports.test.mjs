// The import check, on small planted servers: it must fail on each thing ADR 018 forbids, and
// stay quiet on the same server laid out as the ADR says. Run by `npm run lint` (node --test).
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { importGraph, importProblems } from './check-imports.mjs';

const roots = [];
after(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

/** A repository holding one server project with `files` (path under apps/server -> source). */
function plant(files) {
  const root = mkdtempSync(path.join(tmpdir(), 'import-check-'));
  roots.push(root);
  const write = (file, text) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  write(
    'apps/server/tsconfig.json',
    JSON.stringify({
      compilerOptions: { module: 'esnext', moduleResolution: 'bundler', strict: true },
      include: ['src', 'seed', 'test'],
    }),
  );
  for (const [file, text] of Object.entries(files)) write(`apps/server/${file}`, text);
  return importProblems(root, importGraph(root)).map((problem) => problem.key);
}

const wellLaidOut = {
  'src/db/client.ts': 'export const db = 1;\n',
  'src/http/api-error.ts': "import { db } from '../db/client';\nexport const fail = db;\n",
  'src/modules/orders/orders.service.ts':
    "import { fail } from '../../http/api-error';\nexport const order = fail;\n",
  'src/modules/tickets/tickets.service.ts':
    "import { order } from '../orders/orders.service';\nexport const ticket = order;\n",
  'src/modules/tickets/tickets.test.ts':
    "import { demo } from '../../../seed/demo';\nexport const seen = demo;\n",
  'src/main.ts':
    "import { ticket } from './modules/tickets/tickets.service';\nimport { demo } from '../seed/demo';\nexport const all = [ticket, demo];\n",
  'seed/demo.ts':
    "import { order } from '../src/modules/orders/orders.service';\nexport const demo = order;\n",
};

test('a server laid out as ADR 018 says has no import problems', () => {
  assert.deepEqual(plant(wellLaidOut), []);
});

test('a module that imports back into a module that imports it is a folder cycle', () => {
  const problems = plant({
    ...wellLaidOut,
    'src/modules/orders/order-totals.ts':
      "import { ticket } from '../tickets/tickets.service';\nexport const total = ticket;\n",
  });
  assert.deepEqual(problems, [
    'folder cycle: modules/orders -> modules/tickets',
    'folder cycle: modules/tickets -> modules/orders',
  ]);
});

test('the core importing a module fails, and so does the cycle it closes', () => {
  const problems = plant({
    ...wellLaidOut,
    'src/http/api-error.ts':
      "import { order } from '../modules/orders/orders.service';\nexport const fail = order;\n",
  });
  assert.ok(
    problems.includes(
      'core imports module: apps/server/src/http/api-error.ts -> apps/server/src/modules/orders/orders.service.ts',
    ),
    problems.join('\n'),
  );
  assert.ok(problems.includes('folder cycle: http -> modules/orders'), problems.join('\n'));
});

test('production code importing the seed or the test support fails; the composition may start the seed', () => {
  const problems = plant({
    ...wellLaidOut,
    'src/modules/orders/order-defaults.ts':
      "import { demo } from '../../../seed/demo';\nimport { helper } from '../../../test/helper';\nexport const d = [demo, helper];\n",
    'test/helper.ts': 'export const helper = 1;\n',
  });
  assert.deepEqual(problems, [
    'production imports support: apps/server/src/modules/orders/order-defaults.ts -> apps/server/seed/demo.ts',
    'production imports support: apps/server/src/modules/orders/order-defaults.ts -> apps/server/test/helper.ts',
  ]);
});

test('a cycle among files fails wherever it is', () => {
  const problems = plant({
    ...wellLaidOut,
    'src/db/client.ts':
      "import { fail } from '../http/api-error';\nexport const db = 1;\nexport const f = fail;\n",
  });
  assert.ok(
    problems.includes('file cycle: apps/server/src/db/client.ts apps/server/src/http/api-error.ts'),
    problems.join('\n'),
  );
  assert.ok(problems.includes('folder cycle: db -> http'), problems.join('\n'));
});
