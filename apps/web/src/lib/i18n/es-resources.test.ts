import { describe, expect, it } from 'vitest';
import { resourceDefinitions } from '@dispatch/domain/resources/registry';
import { es } from './es';

type Texts = {
  singular?: string;
  plural?: string;
  fields?: Record<string, string>;
  hints?: Record<string, string>;
  sections?: Record<string, string>;
  children?: Record<string, string>;
};

/** R-MAINT-17: every label of every resource has its Spanish. */
describe('Spanish for the resources', () => {
  it.each(resourceDefinitions.map((definition) => [definition.name, definition] as const))(
    '%s',
    (name, definition) => {
      const texts = (es.resources as Record<string, Texts | undefined>)[name];
      expect(texts?.singular, `${name}.singular`).toBeTruthy();
      expect(texts?.plural, `${name}.plural`).toBeTruthy();
      const fields = [
        ...Object.entries(definition.fields),
        ...Object.values(definition.children).flatMap((child) => Object.entries(child.fields)),
      ];
      for (const [field, spec] of fields) {
        expect(texts?.fields?.[field], `${name}.fields.${field}`).toBeTruthy();
        if (spec.hint) expect(texts?.hints?.[field], `${name}.hints.${field}`).toBeTruthy();
      }
      for (const section of definition.sections) {
        if (definition.sections.length > 1) {
          expect(texts?.sections?.[section.key], `${name}.sections.${section.key}`).toBeTruthy();
        }
      }
      for (const key of Object.keys(definition.children)) {
        expect(texts?.children?.[key], `${name}.children.${key}`).toBeTruthy();
      }
    },
  );
});
