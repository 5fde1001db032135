/** Spanish for packages/domain/src/resources/raw-materials.ts (R-MAINT-17). */
export const rawMaterialsEs = {
  singular: 'Materia prima',
  plural: 'Materias primas',
  fields: {
    code: 'Código',
    description: 'Descripción',
    unitOfMeasureId: 'Unidad de medida',
    specificGravity: 'Gravedad específica',
    cost: 'Costo',
    inactiveFlag: 'Inactiva',
  },
  hints: {
    unitOfMeasureId: 'La unidad en que se almacena y se dosifica',
    cost: 'Por unidad de medida',
  },
};
