/**
 * How a job is named and addressed to the people who go there (the driver app, the contractor's
 * pour page): its site line, else its number; then its street, its city line and its last line,
 * as the ticket prints them.
 */
export type JobAddressSource = {
  readonly number: string | null;
  readonly description: string | null;
  readonly address1: string | null;
  readonly address3: string | null;
  readonly address4: string | null;
  readonly address5: string | null;
  readonly address7: string | null;
};

export function jobNameOf(job: JobAddressSource | null): string {
  return job?.description || job?.number || '';
}

export function jobAddressLinesOf(job: JobAddressSource | null): string[] {
  if (!job) return [];
  return [
    job.address1 ?? '',
    [job.address3, job.address5, job.address7].filter(Boolean).join(' '),
    job.address4 ?? '',
  ].filter(Boolean);
}
