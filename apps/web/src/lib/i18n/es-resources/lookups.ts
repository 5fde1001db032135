/** Spanish for the lookup tables of packages/domain/src/resources/lookups.ts. */
const lookup = (singular: string, plural: string, fields: Record<string, string> = {}) => ({
  singular,
  plural,
  fields: { description: 'Descripción', inactiveFlag: 'Inactivo', ...fields },
});

export const lookupsEs = {
  reasons: lookup('Motivo', 'Motivos'),
  orderTypes: lookup('Tipo de pedido', 'Tipos de pedido', { systemTypeId: 'Tipo de sistema' }),
  orderFlags: lookup('Marca de pedido', 'Marcas de pedido', { colorHex: 'Color' }),
  usageTypes: lookup('Tipo de uso', 'Tipos de uso'),
  creditStatuses: {
    ...lookup('Estado de crédito', 'Estados de crédito', { holdOrdersFlag: 'Retener pedidos' }),
    hints: { holdOrdersFlag: 'Los pedidos nuevos de un cliente en este estado quedan retenidos' },
  },
  truckTypes: lookup('Tipo de camión', 'Tipos de camión', { maxLoadQuantity: 'Carga máxima' }),
  termsDiscounts: lookup('Descuento por plazo', 'Descuentos por plazo', {
    discountPercent: 'Descuento %',
    discountDays: 'Días de descuento',
    netDays: 'Días netos',
  }),
  glCategories: lookup('Categoría contable', 'Categorías contables', {
    glAccountNumber: 'Cuenta contable',
  }),
  taxSchedules: {
    ...lookup('Tabla de impuestos', 'Tablas de impuestos', { taxLevelId: 'Nivel de impuesto' }),
    children: { levels: 'Niveles de impuesto' },
  },
  taxLevels: lookup('Nivel de impuesto', 'Niveles de impuesto', {
    taxRate: 'Tasa %',
    glAccountNumber: 'Cuenta contable',
  }),
  shortLoadTypes: {
    ...lookup('Cargo por carga corta', 'Cargos por carga corta', {
      systemTypeId: 'Tipo de sistema',
      plantId: 'Planta (vacía: todas las plantas)',
      minimumQuantity: 'Corta por debajo de',
      charge: 'Cargo',
    }),
    hints: {
      systemTypeId: 'Los pedidos de este tipo de sistema pagan el cargo',
      plantId: 'Déjela vacía para un cargo en todas las plantas del tipo de sistema',
      minimumQuantity: 'Una carga por debajo de esta cantidad es corta y paga el cargo',
    },
  },
  freeShortLoads: lookup('Cargas cortas gratis', 'Cargas cortas gratis', {
    numberOfFreeLoads: 'Cargas gratis',
  }),
  standbyChargeTypes: lookup('Tipo de cargo por espera', 'Tipos de cargo por espera'),
  printMaterialTypes: lookup('Tipo de impresión de material', 'Tipos de impresión de material'),
  divisions: lookup('División', 'Divisiones'),
  plantColors: lookup('Color de planta', 'Colores de planta', { colorHex: 'Color' }),
  employeeTypes: lookup('Tipo de empleado', 'Tipos de empleado'),
  jobTypes: lookup('Tipo de obra', 'Tipos de obra'),
  zones: lookup('Zona', 'Zonas', { deliveryCharge: 'Cargo de entrega' }),
  suburbs: lookup('Colonia', 'Colonias', { zoneId: 'Zona', postalCode: 'Código postal' }),
  productTypes: lookup('Tipo de producto', 'Tipos de producto', {
    systemTypeId: 'Tipo de sistema',
  }),
  truckFlags: lookup('Marca de camión', 'Marcas de camión', { colorHex: 'Color' }),
};
