/** Spanish for the product resources of packages/domain/src/resources/products.ts (R-MAINT-17). */
const fields = {
  number: 'Número',
  description: 'Descripción',
  productTypeId: 'Tipo de producto',
  unitOfMeasureId: 'Unidad de medida',
  price: 'Precio',
  taxableFlag: 'Gravable',
  rawMaterialId: 'Materia prima',
  glCategoryId: 'Categoría contable',
  inactiveFlag: 'Inactivo',
};

const hints = {
  unitOfMeasureId: 'La unidad en que se pide, se cotiza y se despacha',
  price: 'Por unidad de medida',
  rawMaterialId: 'Venderlo descuenta esta materia prima (agregado vendido de su pila)',
};

const product = (singular: string, plural: string) => ({ singular, plural, fields, hints });

export const concreteProductsEs = {
  ...product('Producto de concreto', 'Productos de concreto'),
  sections: { main: 'General', mixes: 'Mezclas' },
  panels: {
    mixesTitle: 'Diseños de mezcla por planta',
    newMix: 'Nueva mezcla',
    newMixTitle: 'Nueva mezcla de {{product}}',
    newMixText: 'Una mezcla por planta. Su diseño y sus materias primas se completan después.',
    noMixes: 'Ninguna planta tiene todavía una mezcla de este producto.',
    mixesAfterSave: 'Las mezclas se pueden agregar una vez guardado el producto.',
  },
};

export const aggregateProductsEs = product('Producto de agregados', 'Productos de agregados');

export const blockProductsEs = product('Producto de bloque', 'Productos de bloque');

export const otherProductsEs = {
  ...product('Otro producto', 'Otros productos'),
  fields: { ...fields, systemTypeId: 'Tipo de sistema' },
  hints: {
    ...hints,
    systemTypeId: 'El tipo de sistema cuyos pedidos lo cobran',
    productTypeId: 'Un tipo de producto sin tipo de sistema: cargos y recargos',
  },
};

export const otherProductTypesEs = {
  singular: 'Otro tipo de producto',
  plural: 'Otros tipos de producto',
  fields: { description: 'Descripción', inactiveFlag: 'Inactivo' },
};
