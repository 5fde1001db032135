/**
 * R-MAINT-22 and R-MAINT-23: short loads and static products have screens of their own, pick
 * their plant and product among those of the row's system type, and a static product is named by
 * its product.
 */
import { describe, expect, it } from 'vitest';
import { createSchemaOf, defineResource, optionQuerySchemaOf, recordLabel } from './define';
import { reference, text } from './field';
import { resourceByName, resourceByScreen, tableEditorResources } from './registry';
import { staticProductResource } from './static-products';

describe('short loads and static products', () => {
  it('have screens of their own, out of the table editor', () => {
    expect(resourceByScreen('ShortLoadMaintenance')?.name).toBe('shortLoadTypes');
    expect(resourceByScreen('StaticProducts')).toBe(staticProductResource);
    const edited = tableEditorResources().map((definition) => definition.name);
    expect(edited).not.toContain('shortLoadTypes');
    expect(edited).not.toContain('staticProducts');
  });

  it('pick plants and products of the row’s system type', () => {
    const shortLoads = resourceByName('shortLoadTypes')!;
    expect(shortLoads.fields.plantId?.pickBy).toEqual({ systemTypeId: 'systemTypeId' });
    expect(shortLoads.fields.plantId?.label).toBe('Plant (blank: every plant)');
    expect(staticProductResource.fields.productId?.pickBy).toEqual({
      systemTypeId: 'systemTypeId',
    });
    const options = optionQuerySchemaOf(resourceByName('otherProducts')!);
    expect(options.parse({ systemTypeId: '2', search: 'env' })).toMatchObject({
      systemTypeId: [2],
      search: 'env',
    });
  });

  it('makes a new static product for concrete, once, with orders and tickets', () => {
    expect(createSchemaOf(staticProductResource).parse({ productId: 7 })).toMatchObject({
      systemTypeId: 1,
      productId: 7,
      quantity: 1,
      addToOrders: true,
      addToTickets: true,
      inactiveFlag: false,
    });
    expect(createSchemaOf(staticProductResource).safeParse({}).success).toBe(false);
  });

  it('names a record by its reference’s label when the label field is a reference', () => {
    expect(
      recordLabel(staticProductResource, { id: 4, productId: 7, labels: { productId: 'ENV Fee' } }),
    ).toBe('ENV Fee');
    expect(recordLabel(staticProductResource, { id: 4, productId: 7 })).toBe('#4');
  });

  it('refuses a pick list narrowed by a field the record does not have', () => {
    expect(() =>
      defineResource({
        name: 'widgets',
        path: 'widgets',
        singular: 'Widget',
        plural: 'Widgets',
        labelField: 'name',
        fields: {
          name: text({ label: 'Name' }),
          plantId: reference('plants', { label: 'Plant', pickBy: { systemTypeId: 'nope' } }),
        },
        search: ['name'],
      }),
    ).toThrow('widgets: plantId picks by unknown nope');
  });
});
