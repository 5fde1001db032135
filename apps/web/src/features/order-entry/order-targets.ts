/** The resources order entry picks from, by system type where it matters. */
import { customerResource } from '@dispatch/domain/resources/customers';
import type { ResourceDefinition } from '@dispatch/domain/resources/define';
import { jobResource } from '@dispatch/domain/resources/jobs';
import { plantResource } from '@dispatch/domain/resources/plants';
import {
  aggregateProductResource,
  blockProductResource,
  concreteProductResource,
  otherProductResource,
} from '@dispatch/domain/resources/products';
import { resourceByName } from '@dispatch/domain/resources/registry';
import type { SystemTypeId } from '@dispatch/domain/system-types';

export const customerTarget = customerResource;
export const jobTarget = jobResource;
export const plantTarget = plantResource;
/** Admixtures, fees and charges: the other products of the order's system type. */
export const extraProductTarget = otherProductResource;

export const productTargets: Readonly<Record<SystemTypeId, ResourceDefinition>> = {
  1: concreteProductResource,
  2: aggregateProductResource,
  3: blockProductResource,
};

function lookup(name: string): ResourceDefinition {
  const found = resourceByName(name);
  if (!found) throw new Error(`No resource ${name}`);
  return found;
}

export const shortLoadTypeTarget = lookup('shortLoadTypes');
export const freeShortLoadTarget = lookup('freeShortLoads');
export const standbyChargeTypeTarget = lookup('standbyChargeTypes');
export const printMaterialTypeTarget = lookup('printMaterialTypes');
export const orderTypeTarget = lookup('orderTypes');
export const reasonTarget = lookup('reasons');
export const orderFlagTarget = lookup('orderFlags');
export const taxScheduleTarget = lookup('taxSchedules');
