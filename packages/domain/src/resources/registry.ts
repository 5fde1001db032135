/** Every resource definition, by name: what the server's engine serves and the web can open. */
import { letterTemplateResource } from '../credit/letter-templates';
import { concreteMixResource } from './concrete-mixes';
import { customerResource } from './customers';
import type { ResourceDefinition } from './define';
import { driverResource, employeeResource } from './employees';
import { jobResource } from './jobs';
import { lookupResources } from './lookups';
import { plantResource } from './plants';
import { productResources } from './products';
import { pumperResource } from './pumpers';
import { quoteResource } from './quotes';
import { rawMaterialResource } from './raw-materials';
import { staticProductResource } from './static-products';
import { truckCompanyResource } from './truck-companies';
import { truckResource } from './trucks';
import { unitOfMeasureResource } from './units-of-measure';
import { externalUserResource, groupResource, userResource } from './users';

export const resourceDefinitions: readonly ResourceDefinition[] = [
  employeeResource,
  driverResource,
  truckResource,
  truckCompanyResource,
  pumperResource,
  customerResource,
  jobResource,
  plantResource,
  quoteResource,
  ...productResources,
  concreteMixResource,
  rawMaterialResource,
  ...lookupResources,
  unitOfMeasureResource,
  userResource,
  groupResource,
  externalUserResource,
  staticProductResource,
  letterTemplateResource,
];

const byName = new Map(resourceDefinitions.map((definition) => [definition.name, definition]));

export function resourceByName(name: string): ResourceDefinition | undefined {
  return byName.get(name);
}

function referencesIn(definition: ResourceDefinition): string[] {
  const fields = [
    ...Object.values(definition.fields),
    ...Object.values(definition.children).flatMap((child) => Object.values(child.fields)),
  ];
  return fields.flatMap((field) => (field.reference ? [field.reference] : []));
}

/**
 * The forms whose users may read a resource's pick list (R-PICK-1): its own forms, the forms that
 * declare they pick from it, and the forms of every resource with a field that refers to it.
 */
export function pickFormsOf(name: string): string[] {
  const own = byName.get(name);
  const forms = new Set([...(own?.forms ?? []), ...(own?.pickedBy ?? [])]);
  for (const definition of resourceDefinitions) {
    if (!referencesIn(definition).includes(name)) continue;
    for (const form of definition.forms) forms.add(form);
  }
  return [...forms];
}

/**
 * An administration resource that only its own screens pick (users, external users): its pick
 * list, as its records, is for administrators only, whatever level another user holds on the
 * screen. One picked on other screens too (credit statuses on customers) serves those screens.
 */
export function pickedOnlyByAdministrators(definition: ResourceDefinition): boolean {
  return (
    definition.admin &&
    pickFormsOf(definition.name).every((form) => definition.forms.includes(form))
  );
}

/**
 * Every reference names a defined resource, and narrows its pick list (`pickBy`) only by filters
 * that resource has: a typo fails the domain's tests, not a screen.
 */
export function unknownReferences(): string[] {
  const pickFilters = resourceDefinitions.flatMap((definition) =>
    Object.entries(definition.fields).flatMap(([name, field]) =>
      Object.keys(field.pickBy ?? {})
        .filter((filter) => !byName.get(field.reference ?? '')?.filters.includes(filter))
        .map((filter) => `${definition.name}.${name} picks by ${filter}`),
    ),
  );
  return [
    ...resourceDefinitions.flatMap((definition) =>
      referencesIn(definition)
        .filter((name) => !byName.has(name))
        .map((name) => `${definition.name} -> ${name}`),
    ),
    ...pickFilters,
  ];
}

/** The resource a maintenance screen (menu enumId) lists and edits. */
export function resourceByScreen(enumId: string): ResourceDefinition | undefined {
  return resourceDefinitions.find((definition) => definition.screen === enumId);
}

/** The simple lookup tables the table editor edits, one at a time, chosen from a list. */
export function tableEditorResources(): ResourceDefinition[] {
  return resourceDefinitions.filter((definition) => definition.screen === 'TableEditor');
}
