import { defineConfig } from 'vitest/config';
import { longestFirst } from '../apps/server/test/longest-first.ts';

/**
 * The walks that time a promise of the product against the wall clock: a change another screen
 * shows within one or two seconds (the board, the dashboard, the driver's board, the pour page).
 * They run one at a time, at normal priority. `npm test` runs them beside the other walks, which
 * run at idle priority (scripts/run-suites.mjs); `npx vitest run` runs them after the others.
 * Run two at a time, two clean clones failed one of these bounds (the board's second, the pour
 * page's two seconds) and two others a click or a list that the walks now make again (ADR 017,
 * twelfth to fourteenth passes).
 */
const timedWalks = [
  'src/dispatch-app.e2e.ts',
  'src/driver-app.e2e.ts',
  'src/load-scheduling.e2e.ts',
  'src/order-entry.e2e.ts',
  'src/pending-orders.e2e.ts',
  'src/pour-page.e2e.ts',
];

export default defineConfig({
  test: {
    // The demo's data directory, seeded once for every suite's start (support/demo-template.ts).
    globalSetup: ['src/support/demo-template.ts'],
    // Real servers and a real browser: suites start processes and seed a database. A test's time
    // limit only catches a hang; the product's speed is asserted where a walk times it. The walks
    // run at idle priority beside the timed ones, so their pace is what the machine leaves them:
    // on a machine half as fast as the one these limits were first set on, a clean clone's first
    // maintenance walk (two new signed-in tabs, then the screen) took over 60 s and failed, the
    // order entry and pour page walks took 53 and 55 s, and ticket entry's 122 s of a 180 s
    // limit (ADR 017, nineteenth pass). Five minutes, for every walk but the two longer ones.
    testTimeout: 300_000,
    hookTimeout: 180_000,
    // A screen's answer on a loaded machine can take longer than expect.poll's default second
    // (stop 41's CI: a scale take answered late). Waiting longer changes no assertion: a poll
    // still ends as soon as its condition holds.
    expect: { poll: { timeout: 10_000, interval: 100 } },
    // The walks measured longest first (seconds two at a time on 2026-12-07), so none ends the
    // two-at-a-time group alone with the other worker idle.
    sequence: {
      sequencer: longestFirst([
        'src/ticket-entry.e2e.ts', // 137
        'src/maintenance-screens.e2e.ts', // 91
        'src/reports.e2e.ts', // 82, a minute of it waiting for the server's minute tick
        'src/delivery-day.e2e.ts', // 74
        'src/master-data-screens.e2e.ts', // 66
        'src/spanish-everywhere.e2e.ts', // 63
        'src/ticket-edits.e2e.ts', // 60
      ]),
    },
    projects: [
      {
        extends: true,
        // The other walks two at a time, each with its own product and Chromium: about 587 s
        // instead of 827 s one at a time (ADR 017, ninth pass).
        test: {
          name: 'walks',
          include: ['src/**/*.e2e.ts'],
          exclude: timedWalks,
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'timed',
          include: timedWalks,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
