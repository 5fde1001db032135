/** Spanish for packages/domain/src/resources/units-of-measure.ts. */
export const unitsOfMeasureEs = {
  singular: 'Unidad de medida',
  plural: 'Unidades de medida',
  fields: {
    imperialDescription: 'Descripción imperial',
    metricDescription: 'Descripción métrica',
    imperialToMetricConvFactor: 'Factor imperial a métrico',
    value: 'Valor',
    inactiveFlag: 'Inactiva',
  },
  hints: {
    imperialToMetricConvFactor: 'Una unidad imperial en unidades métricas (0.764554858 m³ por yd³)',
  },
};
