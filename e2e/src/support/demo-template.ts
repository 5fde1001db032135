/**
 * Vitest's global setup for the end-to-end suites: the product started once on a fresh data
 * directory, as `npm start` seeds it, and stopped; every suite's start copies that directory
 * instead of seeding its own (startProduct). A start from a copy takes about 3 s on this machine,
 * a start that seeds about 12 s, and there are two dozen suites.
 *
 * The copy is the same database a fresh start would make: the demo is seeded for the day and
 * stands at mid-day (DEMO_FOLLOWS_CLOCK off). A suite that starts on another day than the copy's
 * seeds its own.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildServer } from '../../../apps/server/scripts/build-server.mjs';
import { freePort, localDay, productEnv, productProgram, startProgram } from './processes';

export type DemoTemplate = { dataDir: string; day: string };

declare module 'vitest' {
  // Declaration merging, as vitest types what a global setup provides, needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    demoTemplate: DemoTemplate | undefined;
  }
}

/**
 * The end-to-end configuration has two projects (the walks two at a time, then the timed walks one
 * at a time), and vitest runs a global setup for each: the first makes the template, the second
 * waits for the same one, and the last teardown removes it.
 */
type Shared = { template: Promise<DemoTemplate>; projects: number };
const shared = globalThis as typeof globalThis & { dispatchDemoTemplate?: Shared };

async function makeTemplate(): Promise<DemoTemplate> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dispatch-e2e-demo-'));
  const day = localDay();
  // The server as `npm start` compiles it, once for every suite's start.
  await buildServer();
  const server = await startProgram({
    ...productProgram,
    env: {
      ...productEnv(dataDir),
      PORT: String(await freePort()),
      DISPATCHER_PORT: String(await freePort()),
      INTERCOM_PORT: String(await freePort()),
    },
    ready: 'Demo logins',
  });
  // Stopped as an operator stops it: the embedded database is checkpointed and closed.
  await server.stop();
  return { dataDir, day };
}

export async function setup(project: TestProject): Promise<void> {
  shared.dispatchDemoTemplate ??= { template: makeTemplate(), projects: 0 };
  shared.dispatchDemoTemplate.projects += 1;
  project.provide('demoTemplate', await shared.dispatchDemoTemplate.template);
}

export async function teardown(): Promise<void> {
  const template = shared.dispatchDemoTemplate;
  if (!template) return;
  template.projects -= 1;
  if (template.projects > 0) return;
  shared.dispatchDemoTemplate = undefined;
  const { dataDir } = await template.template;
  rmSync(dataDir, { recursive: true, force: true });
}
