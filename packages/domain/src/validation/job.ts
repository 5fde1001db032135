/**
 * R-VALID-11..12: what a job needs before it is saved. Nine fields must never be null, reported in
 * R-VALID-12's wording; with the setting requireJobAddresses357 on, address lines 3, 5 and 7 must
 * also be filled in.
 */
import type { z } from 'zod';
import { jobSchema } from '../entities/job';
import { fieldLabels } from './field-labels';
import { nonNull, requiredWhen } from './required';

export const jobEntityName = 'Job';

export type JobSettings = {
  /** The system setting requireJobAddresses357. */
  readonly requireJobAddresses357: boolean;
};

const job = jobSchema.shape;

export function jobSaveSchema(settings: JobSettings) {
  const addressesRequired = settings.requireJobAddresses357;
  return jobSchema.extend({
    createdInOrderEntry: nonNull(job.createdInOrderEntry, jobEntityName, 'createdInOrderEntry'),
    customerId: nonNull(job.customerId, jobEntityName, 'customerId'),
    gpsLat: nonNull(job.gpsLat, jobEntityName, 'gpsLat'),
    gpsLon: nonNull(job.gpsLon, jobEntityName, 'gpsLon'),
    inactiveFlag: nonNull(job.inactiveFlag, jobEntityName, 'inactiveFlag'),
    jobTypeId: nonNull(job.jobTypeId, jobEntityName, 'jobTypeId'),
    lockedFlag: nonNull(job.lockedFlag, jobEntityName, 'lockedFlag'),
    modifiedDateTime: nonNull(job.modifiedDateTime, jobEntityName, 'modifiedDateTime'),
    nontaxableFlag: nonNull(job.nontaxableFlag, jobEntityName, 'nontaxableFlag'),
    address3: requiredWhen(addressesRequired, job.address3, fieldLabels.address3),
    address5: requiredWhen(addressesRequired, job.address5, fieldLabels.address5),
    address7: requiredWhen(addressesRequired, job.address7, fieldLabels.address7),
  });
}
export type JobSaveSchema = ReturnType<typeof jobSaveSchema>;
export type JobSave = z.infer<JobSaveSchema>;
export type JobSaveInput = z.input<JobSaveSchema>;
