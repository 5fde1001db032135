/**
 * Where each resource lives: its table, and the child tables edited with it. A new simple
 * resource is its definition in packages/domain plus one line here (ADR 009). A binding that does
 * more than a row (checks, events, history) sits in its noun's module; this composition file
 * gathers them, so the resource engine beside it knows no module (ADR 018).
 */
import type { ResourceBinding } from './resource-binding';
import { concreteMixesBinding } from '../modules/mix-operations/concrete-mixes-binding';
import { customerBinding } from '../modules/customers/customers-binding';
import { driverBinding, employeeBinding } from '../modules/employees/employees-binding';
import { jobBinding } from '../modules/customers/jobs-binding';
import { letterTemplatesBinding } from '../modules/credit-letters/letter-templates-binding';
import { plantsBinding } from '../modules/plants/plants-binding';
import { productBindings } from '../modules/products/products-binding';
import { quotesBinding } from './quotes-binding';
import { shortLoadTypesBinding } from './short-loads-binding';
import { staticProductsBinding } from './static-products';
import { truckBinding } from '../modules/trucks/trucks-binding';
import { externalUserBinding, groupBinding, userBinding } from '../modules/user/users-binding';
import {
  creditStatuses,
  divisions,
  employeeTypes,
  freeShortLoads,
  glCategories,
  jobTypes,
  orderFlags,
  orderTypes,
  plantColors,
  printMaterialTypes,
  productTypes,
  reasons,
  standbyChargeTypes,
  suburbs,
  taxLevels,
  taxScheduleLevels,
  taxSchedules,
  termsDiscounts,
  truckCompanies,
  truckFlags,
  truckTypes,
  unitsOfMeasure,
  usageTypes,
  zones,
} from '../db/schema/lookups';
import { pumpers } from '../db/schema/trucks';

export type {
  ChildBinding,
  PendingWrite,
  RecordCheck,
  ResourceBinding,
  ResourceTable,
  ScopeContext,
  WrittenRecord,
} from './resource-binding';

export const resourceTables: Readonly<Record<string, ResourceBinding>> = {
  employees: employeeBinding,
  users: userBinding,
  groups: groupBinding,
  externalUsers: externalUserBinding,
  drivers: driverBinding,
  trucks: truckBinding,
  truckCompanies: { table: truckCompanies },
  plants: plantsBinding,
  quotes: quotesBinding,
  ...productBindings,
  concreteMixes: concreteMixesBinding,
  pumpers: { table: pumpers },
  customers: customerBinding,
  jobs: jobBinding,
  creditStatuses: { table: creditStatuses },
  truckTypes: { table: truckTypes },
  termsDiscounts: { table: termsDiscounts },
  glCategories: { table: glCategories },
  taxSchedules: {
    table: taxSchedules,
    children: {
      levels: { table: taxScheduleLevels, parentKey: 'taxScheduleId', rowKey: 'taxLevelId' },
    },
  },
  taxLevels: { table: taxLevels },
  shortLoadTypes: shortLoadTypesBinding,
  freeShortLoads: { table: freeShortLoads },
  standbyChargeTypes: { table: standbyChargeTypes },
  printMaterialTypes: { table: printMaterialTypes },
  divisions: { table: divisions },
  plantColors: { table: plantColors },
  employeeTypes: { table: employeeTypes },
  jobTypes: { table: jobTypes },
  zones: { table: zones },
  suburbs: { table: suburbs },
  productTypes: { table: productTypes },
  truckFlags: { table: truckFlags },
  reasons: { table: reasons },
  orderTypes: { table: orderTypes },
  orderFlags: { table: orderFlags },
  usageTypes: { table: usageTypes },
  unitsOfMeasure: { table: unitsOfMeasure },
  staticProducts: staticProductsBinding,
  letterTemplates: letterTemplatesBinding,
};
