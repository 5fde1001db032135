/**
 * Spanish for every resource definition, by resource name (R-MAINT-17): one file per resource
 * area, merged here under `resources` of the Spanish bundle.
 */
import { concreteMixesEs } from './concrete-mixes';
import { customersEs } from './customers';
import { driversEs, employeesEs } from './employees';
import { jobsEs } from './jobs';
import { lookupsEs } from './lookups';
import { plantsEs, printTicketMethodChoicesEs } from './plants';
import {
  aggregateProductsEs,
  blockProductsEs,
  concreteProductsEs,
  otherProductsEs,
  otherProductTypesEs,
} from './products';
import { quotesEs } from './quotes';
import { rawMaterialsEs } from './raw-materials';
import { staticProductsEs } from './static-products';
import { pumpersEs, truckCompaniesEs } from './truck-companies';
import { truckStatusChoicesEs, trucksEs } from './trucks';
import { unitsOfMeasureEs } from './unitsOfMeasure';
import { externalUsersEs, groupsEs, usersEs } from './users';
import { letterLanguageChoicesEs, letterTemplatesEs } from '../credit-letters-text';

export const resourcesEs = {
  choices: {
    Concrete: 'Concreto',
    Aggregate: 'Agregados',
    Block: 'Bloque',
    ...truckStatusChoicesEs,
    ...printTicketMethodChoicesEs,
    ...letterLanguageChoicesEs,
  },
  truckCompanies: truckCompaniesEs,
  users: usersEs,
  groups: groupsEs,
  externalUsers: externalUsersEs,
  pumpers: pumpersEs,
  customers: customersEs,
  jobs: jobsEs,
  employees: employeesEs,
  drivers: driversEs,
  trucks: trucksEs,
  plants: plantsEs,
  quotes: quotesEs,
  unitsOfMeasure: unitsOfMeasureEs,
  concreteProducts: concreteProductsEs,
  aggregateProducts: aggregateProductsEs,
  blockProducts: blockProductsEs,
  otherProducts: otherProductsEs,
  otherProductTypes: otherProductTypesEs,
  rawMaterials: rawMaterialsEs,
  concreteMixes: concreteMixesEs,
  staticProducts: staticProductsEs,
  ...lookupsEs,
  letterTemplates: letterTemplatesEs,
};
