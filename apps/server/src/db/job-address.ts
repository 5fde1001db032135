/**
 * The job's columns a job is named and addressed by (domain `tracking/job-address.ts`), selected
 * alike wherever a load's people read where it goes: the driver app and the pour page.
 */
import { jobs } from './schema/jobs';

export const jobAddressColumns = {
  number: jobs.number,
  description: jobs.address2,
  address1: jobs.address1,
  address3: jobs.address3,
  address4: jobs.address4,
  address5: jobs.address5,
  address7: jobs.address7,
  gpsLat: jobs.gpsLat,
  gpsLon: jobs.gpsLon,
};
