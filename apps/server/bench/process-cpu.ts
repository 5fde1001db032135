/**
 * What the benchmarks measure a run by, from /proc: the CPU time of a process, of every PostgreSQL
 * process and of the whole machine, and the percentiles of the latencies they time.
 */
import { readdirSync, readFileSync } from 'node:fs';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

/** Linux's USER_HZ, the unit of /proc's CPU times, is 100 on every common platform. */
const clockTicksPerSecond = 100;

/** utime + stime of a /proc stat line, in ms (every thread of the process). */
function cpuMsOfStat(stat: string): number {
  // utime and stime are the 14th and 15th fields; the command name before them may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicksPerSecond;
}

/** CPU time a process has used, in ms; NaN where /proc cannot tell. */
export function processCpuMs(pid: number | undefined): number {
  try {
    return pid === undefined ? Number.NaN : cpuMsOfStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return Number.NaN;
  }
}

/** CPU time of every PostgreSQL process on this machine, by pid (empty where none is readable). */
export function postgresCpuMs(): Map<number, number> {
  const times = new Map<number, number>();
  try {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        if (stat.includes('(postgres)')) times.set(Number(entry), cpuMsOfStat(stat));
      } catch {
        // The process ended while the list was read.
      }
    }
  } catch {
    // No /proc here.
  }
  return times;
}

export function postgresCpuBetween(
  before: Map<number, number>,
  after: Map<number, number>,
): number {
  if (after.size === 0) return Number.NaN;
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

/** CPU time the whole machine has been busy, in ms (every core; /proc/stat), NaN where unknown. */
export function machineBusyMs(): number {
  try {
    const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
    // user nice system idle iowait irq softirq steal: all but idle and iowait are work.
    const busy = ticks.slice(0, 8).reduce((sum, tick, index) => {
      return index === 3 || index === 4 ? sum : sum + Number(tick);
    }, 0);
    return (busy * 1000) / clockTicksPerSecond;
  } catch {
    return Number.NaN;
  }
}

/** CPU time of this process (the bench and its clients' thread), in ms. */
export const ownCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
