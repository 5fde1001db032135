// Fails when our own TypeScript modules import each other in a cycle (ADR 002).
// It resolves imports with TypeScript's own module resolution, so it sees exactly what tsc sees,
// and it needs no native resolver (the npm registry reachable here has no builds of those for
// other platforms, which breaks `npm ci`).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const projects = ['packages', 'apps']
  .flatMap((dir) => safeList(path.join(root, dir)).map((name) => path.join(root, dir, name)))
  .filter((dir) => exists(path.join(dir, 'tsconfig.json')));

/** Folders whose cycles are deliberate: Drizzle tables reference each other lazily. */
const allowedCycleDirs = [path.join(root, 'apps/server/src/db/schema')];

const graph = new Map();
for (const project of projects) {
  const configPath = path.join(project, 'tsconfig.json');
  const config = ts.getParsedCommandLineOfConfigFile(
    configPath,
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
      const resolved = ts.resolveModuleName(fileName, file, config.options, ts.sys).resolvedModule;
      if (!resolved || resolved.isExternalLibraryImport) continue;
      const target = path.resolve(resolved.resolvedFileName);
      if (!target.includes(`${path.sep}node_modules${path.sep}`)) targets.push(target);
    }
    graph.set(path.resolve(file), targets);
  }
}

const cycles = stronglyConnected(graph).filter(
  (group) =>
    (group.length > 1 || (graph.get(group[0]) ?? []).includes(group[0])) &&
    !group.every((file) => allowedCycleDirs.some((dir) => file.startsWith(dir + path.sep))),
);
if (cycles.length > 0) {
  for (const group of cycles) {
    console.error(`Import cycle:\n  ${group.map((f) => path.relative(root, f)).join('\n  ')}`);
  }
  process.exit(1);
}
console.log(`No import cycles among ${graph.size} modules.`);

function stronglyConnected(edges) {
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
