import { describe, expect, it } from 'vitest';
import { legacyFormCatalogue } from '@dispatch/domain/menu/legacy-forms';
import { lookUpClassicForm } from './classic-forms';

describe('lookUpClassicForm', () => {
  it('finds every classic form of the catalogue by id, id text and enum id in any case', () => {
    for (const form of legacyFormCatalogue.filter((entry) => entry.legacy)) {
      const expected = {
        ok: true,
        form: { formId: form.id, enumId: form.enumId, name: form.name },
      };
      expect(lookUpClassicForm(form.id)).toEqual(expected);
      expect(lookUpClassicForm(` ${form.id} `)).toEqual(expected);
      expect(lookUpClassicForm(form.enumId.toUpperCase())).toEqual(expected);
    }
  });

  it('refuses the web screens of the catalogue', () => {
    expect(lookUpClassicForm('CopyOrder')).toEqual({
      ok: false,
      message: 'Form 70203 (Copy Order) is not a classic form: it opens in the web client.',
    });
  });

  it('opens forms the catalogue does not list under their id or enum name', () => {
    expect(lookUpClassicForm(61234)).toEqual({
      ok: true,
      form: { formId: 61234, enumId: null, name: 'Form 61234' },
    });
    expect(lookUpClassicForm('LegacyCustomerMaintenance')).toEqual({
      ok: true,
      form: {
        formId: null,
        enumId: 'LegacyCustomerMaintenance',
        name: 'LegacyCustomerMaintenance',
      },
    });
  });

  it('answers null for what is neither an id nor an enum name', () => {
    for (const value of [undefined, null, '', '  ', 0, -5, 1.5, Number.NaN, {}, [60101], true]) {
      expect(lookUpClassicForm(value)).toBeNull();
    }
  });
});
