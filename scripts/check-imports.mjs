// The project's import check (ADR 002, ADR 018), run by `npm run lint`. It fails on:
// - an import cycle among our own TypeScript files;
// - the server's layout broken: a cycle between its folders, the core importing a business module,
//   or production code importing the seed, the test support or a script.
// It resolves imports with TypeScript's own module resolution, so it sees exactly what tsc sees,
// and it needs no native resolver (the npm registry reachable here has no builds of those for
// other platforms, which breaks `npm ci`).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';

/**
 * The server's layout (ADR 018), paths relative to the repository. `src/modules/<noun>` are the
 * business modules; every other folder of `src` is core, which never imports a module. Only the
 * composition files import every module, and they alone may start the seed (the demo). `support`
 * sits beside `src`: it may import production code, never the other way round.
 *
 * The core is layered; a folder imports only folders below it (no folder cycles):
 *   env.ts, db, pdf, payments, mail    configuration, databases, PDF layout, payment providers, SMTP
 *   audit                              the audit trail (db)
 *   http                               errors, envelope, list queries, logger, public URLs
 *   dispatch                           publish, the change feed, feed caches, the DispatchHub
 *                                      (who holds a token and the modules' hub methods are handed in)
 *   auth                               sessions, tokens, passwords, the route guard (publishes forced logouts)
 *   jobs                               the background job queue and its routes
 *   printing                           printers, the spooler, IPP, the PDF worker thread
 *   resources                          the generic resource engine (routes, reads, writes, export)
 * Modules sit above the whole core; the composition above everything.
 *
 * The business modules' order, lowest first: a module imports only modules of the layers below
 * its own (a flow over several nouns sits above them all; a rule two modules share goes to the
 * lower one, or to packages/domain when it is pure).
 *   settings, customers, products, plants, employees, mix-operations, audit, user, session, servers
 *   price-escalation, orders (order entry, pricing, the invoiced-ticket guard)
 *   tickets (the noun: numbers, rows, reads, live events of tickets and their loads, print)
 *   batching, invoices, deliveries (settlement, returned concrete)
 *   trucks (the status loop: yard, ticket stamps, the board's effects, settling deliveries)
 *   ticket-entry, ticket-edits (with voids), load-scheduling (the board and load dispatch)
 *   inquiry, reports, report-scheduling, nlq, quick-sale, pending-orders, order-requests,
 *   order-audit, credit-letters, accounting-export, delivery-kpis, driver (the driver app's day)
 *   order-tracking (the contractor's pour page, over requests and tickets)
 *   order-notices (the customers' e-mailed notices, over the pour page's links and requests)
 */
export const serverLayout = {
  src: 'apps/server/src',
  modules: 'modules',
  composition: [
    'main.ts',
    'app.ts',
    'cli',
    'resources/resource-tables.ts',
    'dispatch/hub-wiring.ts',
    // The server's shape: the Fastify instance and the services app.ts hands every route (the
    // change feed, caches, the job queue), so it names services of every layer; types only.
    'http/server.ts',
  ],
  seed: ['apps/server/seed'],
  support: ['apps/server/seed', 'apps/server/test', 'apps/server/scripts', 'apps/server/bench'],
};

/** Folders whose file cycles are deliberate: Drizzle tables reference each other lazily. */
const allowedCycleDirs = ['apps/server/src/db/schema'];

const isTest = (file) => /\.test\.tsx?$/.test(file);

/** Every TypeScript file of every project under packages/ and apps/, with what it imports. */
export function importGraph(root) {
  const projects = ['packages', 'apps']
    .flatMap((dir) => safeList(path.join(root, dir)).map((name) => path.join(root, dir, name)))
    .filter((dir) => exists(path.join(dir, 'tsconfig.json')));
  const graph = new Map();
  for (const project of projects) {
    const config = ts.getParsedCommandLineOfConfigFile(
      path.join(project, 'tsconfig.json'),
      {},
      {
        ...ts.sys,
        onUnRecoverableConfigFileDiagnostic: (d) => {
          throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
        },
      },
    );
    for (const file of config.fileNames.filter((f) => /\.tsx?$/.test(f))) {
      const imports = ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles;
      const targets = [];
      for (const { fileName } of imports) {
        const resolved = ts.resolveModuleName(
          fileName,
          file,
          config.options,
          ts.sys,
        ).resolvedModule;
        if (!resolved || resolved.isExternalLibraryImport) continue;
        const target = path.resolve(resolved.resolvedFileName);
        if (!target.includes(`${path.sep}node_modules${path.sep}`)) targets.push(target);
      }
      graph.set(path.resolve(file), targets);
    }
  }
  return graph;
}

/**
 * What is wrong with the imports of `graph` (absolute paths): each problem has a stable `key` (what
 * the check's own tests compare) and a `message` to print. None when all is well.
 */
export function importProblems(root, graph, layout = serverLayout) {
  const rel = (file) => path.relative(root, file).split(path.sep).join('/');
  const problems = [];

  const allowed = (file) => allowedCycleDirs.some((dir) => rel(file).startsWith(`${dir}/`));
  for (const group of stronglyConnected(graph)) {
    const looped = group.length > 1 || (graph.get(group[0]) ?? []).includes(group[0]);
    if (looped && !group.every(allowed)) {
      const files = group.map(rel).sort();
      problems.push({
        key: `file cycle: ${files.join(' ')}`,
        message: `Import cycle:\n  ${files.join('\n  ')}`,
      });
    }
  }

  const within = (file, dir) => rel(file) === dir || rel(file).startsWith(`${dir}/`);
  const srcPath = (file) =>
    within(file, layout.src) ? rel(file).slice(layout.src.length + 1) : undefined;
  const isComposition = (file) => {
    const inner = srcPath(file);
    return (
      inner !== undefined &&
      layout.composition.some((c) => inner === c || inner.startsWith(`${c}/`))
    );
  };
  /** `modules/<noun>` for a module's file, the top folder (or file) of src for the core. */
  const unitOf = (file) => {
    const [top, noun] = srcPath(file).split('/');
    return top === layout.modules && noun ? `${top}/${noun}` : top;
  };
  const isModule = (unit) => unit.startsWith(`${layout.modules}/`);

  const folderEdges = new Map();
  const folderImports = new Map();
  for (const [file, targets] of graph) {
    if (srcPath(file) === undefined || isTest(file)) continue;
    for (const target of targets) {
      if (layout.support.some((dir) => within(target, dir))) {
        const seed = layout.seed.some((dir) => within(target, dir));
        if (!(seed && isComposition(file))) {
          problems.push({
            key: `production imports support: ${rel(file)} -> ${rel(target)}`,
            message:
              `Production code imports ${seed ? 'the seed' : 'test or tool support'}: ${rel(file)} -> ${rel(target)}. ` +
              `Only ${layout.composition.join(', ')} may start the seed; move what both need into src.`,
          });
        }
        continue;
      }
      if (srcPath(target) === undefined || isComposition(file) || isComposition(target)) continue;
      const [from, to] = [unitOf(file), unitOf(target)];
      if (from === to) continue;
      if (!isModule(from) && isModule(to)) {
        problems.push({
          key: `core imports module: ${rel(file)} -> ${rel(target)}`,
          message:
            `The core imports a module: ${rel(file)} -> ${rel(target)}. ` +
            `Core (${from}) never imports ${to}: move the code into the module, or let the composition hand it in.`,
        });
      }
      if (!folderEdges.has(from)) folderEdges.set(from, []);
      if (!folderEdges.get(from).includes(to)) folderEdges.get(from).push(to);
      const key = `${from} -> ${to}`;
      if (!folderImports.has(key)) folderImports.set(key, `${rel(file)} -> ${rel(target)}`);
    }
  }
  for (const group of stronglyConnected(folderEdges)) {
    if (group.length < 2) continue;
    const members = new Set(group);
    // Each arrow inside the knot is a problem of its own, so that breaking one shows.
    for (const [arrow, example] of [...folderImports].sort()) {
      if (!arrow.split(' -> ').every((unit) => members.has(unit))) continue;
      problems.push({
        key: `folder cycle: ${arrow}`,
        message: `Folder cycle in ${layout.src} (${group.length} folders) through ${arrow}: ${example}`,
      });
    }
  }
  return problems;
}

export function stronglyConnected(edges) {
  let index = 0;
  const indices = new Map();
  const lowlinks = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  const visit = (start) => {
    // Iterative Tarjan: recursion would overflow on long import chains.
    const work = [[start, 0]];
    indices.set(start, index);
    lowlinks.set(start, index);
    index += 1;
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const [node, next] = frame;
      const targets = edges.get(node) ?? [];
      if (next < targets.length) {
        frame[1] += 1;
        const target = targets[next];
        if (!indices.has(target)) {
          indices.set(target, index);
          lowlinks.set(target, index);
          index += 1;
          stack.push(target);
          onStack.add(target);
          work.push([target, 0]);
        } else if (onStack.has(target)) {
          lowlinks.set(node, Math.min(lowlinks.get(node), indices.get(target)));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) lowlinks.set(parent[0], Math.min(lowlinks.get(parent[0]), lowlinks.get(node)));
      if (lowlinks.get(node) === indices.get(node)) {
        const group = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          group.push(member);
        } while (member !== node);
        groups.push(group);
      }
    }
  };
  for (const node of edges.keys()) if (!indices.has(node)) visit(node);
  return groups;
}

function safeList(dir) {
  return exists(dir) ? readdirSync(dir) : [];
}

function exists(file) {
  try {
    statSync(file);
    return true;
  } catch {
    return false;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = path.resolve(import.meta.dirname, '..');
  const graph = importGraph(root);
  const problems = importProblems(root, graph);
  for (const problem of problems) console.error(problem.message);
  if (problems.length > 0) {
    console.error(`\n${problems.length} import problems (ADR 002, ADR 018).`);
    process.exit(1);
  }
  console.log(`No import problems among ${graph.size} modules.`);
}
