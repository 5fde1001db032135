/**
 * Job queues over a test app's database as that many server processes run them (ADR 013): on the
 * app's clock, with the test timings, quiet, each wired by the suite with the kinds it tests.
 */
import { createJobRunner, type JobRunner } from '../src/jobs/job-runner';
import { fastJobs, type TestApp } from './test-app';

const quiet = { info() {}, warn() {}, error() {} };

export function testJobRunners(
  t: TestApp,
  count: number,
  wire: (runner: JobRunner) => void,
): JobRunner[] {
  return Array.from({ length: count }, () => {
    const runner = createJobRunner({
      tenancy: t.tenancy,
      now: () => t.clock.now,
      logger: quiet,
      options: fastJobs,
    });
    wire(runner);
    return runner;
  });
}
