/**
 * The lookup values every database is seeded with (domain's seeded-lookup-text), by resource and
 * id, in English and Spanish. A lookup row is data an administrator may rename: a row whose text
 * is still the seeded English shows in the user's language, a renamed one as it was written.
 */
import { seededLookupText } from '@dispatch/domain/lookups/seeded-lookup-text';

/** The seeded English texts, as the seed writes them. */
export const lookupValuesEn = seededLookupText;

export const lookupValuesEs: typeof lookupValuesEn = {
  orderTypes: {
    1: 'Entrega de concreto',
    2: 'Venta de contado de concreto',
    3: 'Colado con bomba',
    4: 'Entrega de agregados',
    5: 'Agregados recogidos en planta (LAB planta)',
    6: 'Envío de agregados por ferrocarril',
    7: 'Entrega de bloque',
    8: 'Bloque recogido en planta (LAB planta)',
    9: 'Devolución de bloque',
    10: 'Concreto recogido en planta (LAB planta)',
  },
  orderFlags: {
    1: 'Urgente',
    2: 'Bomba en la obra',
    3: 'Inspector en la obra',
    4: 'Llamar antes de entregar',
  },
  reasons: {
    1: 'Pedido normal',
    2: 'Adicional a un colado en curso',
    3: 'Carga de reposición',
    4: 'Garantía - sin cargo',
    5: 'Muestra para pruebas',
    6: 'Reprogramado por clima',
    7: 'Cancelado por el cliente',
    8: 'Retenido por crédito',
  },
  creditStatuses: {
    1: 'Al corriente',
    2: 'Solo contra entrega',
    3: 'Crédito retenido',
    4: 'En cobranza',
  },
  termsDiscounts: {
    1: 'Neto 30',
    2: '2% 10, neto 30',
    3: 'Neto 15',
    4: 'Pago a la recepción',
    5: '1% 10, neto 30',
  },
  truckFlags: {
    1: 'Requiere lavado',
    2: 'Poco combustible',
    3: 'Mantenimiento pendiente',
    4: 'Conductor en formación',
  },
  jobTypes: {
    0: 'Ninguno',
    1: 'Residencial',
    2: 'Comercial',
    3: 'Obra pública',
    4: 'Industrial',
    5: 'Agrícola',
  },
  standbyChargeTypes: {
    1: 'Espera estándar',
    2: 'Por minuto después del tiempo libre',
    3: 'Por hora después del tiempo libre',
    4: 'Sin cargo por espera',
  },
  shortLoadTypes: {
    1: 'Concreto de menos de 4 yd',
    2: 'Concreto de menos de 6 yd',
    3: 'Agregados de menos de 10 t',
    4: 'Sin cargo por carga corta',
  },
  freeShortLoads: {
    1: 'Sin cargas cortas gratis',
    2: 'Una carga corta gratis por pedido',
    3: 'Dos cargas cortas gratis por pedido',
  },
  glCategories: {
    1: 'Ventas de concreto premezclado',
    2: 'Ventas de agregados',
    3: 'Ventas de bloque',
    4: 'Cargos de entrega y combustible',
    5: 'Cuotas y recargos',
  },
  truckTypes: {
    1: 'Revolvedora 10 yd',
    2: 'Revolvedora 8 yd',
    3: 'Volteo tándem (15 t)',
    4: 'Remolque de volteo trasero (24 t)',
    5: 'Plataforma con grúa (12 cubos)',
  },
  taxLevels: {
    1: 'Impuesto estatal de Ohio sobre ventas',
  },
  printMaterialTypes: {
    1: 'Estándar',
    2: 'Imprimir diseño de mezcla',
    3: 'Solo descripción del producto',
    4: 'Imprimir pesos dosificados',
  },
  divisions: {
    1: 'Concreto premezclado',
    2: 'Agregados',
    3: 'Productos de mampostería',
  },
  plantColors: {
    1: 'Azul',
    2: 'Verde',
    3: 'Naranja',
    4: 'Morado',
    5: 'Rojo',
    6: 'Verde azulado',
    7: 'Amarillo',
    8: 'Uva',
  },
  employeeTypes: {
    1: 'Conductor',
    2: 'Dosificador',
    3: 'Despachador',
    4: 'Vendedor',
    5: 'Oficina',
    6: 'Gerente de planta',
    7: 'Operador de báscula',
    8: 'Mecánico',
  },
};

export type LookupResource = keyof typeof lookupValuesEn;
