/**
 * The words questions are asked in, English and Spanish (R-NLQ-1): each phrase, written as the
 * parser sees text (lower case, accents and punctuation gone), names a part of the typed query.
 * One table, so a new synonym is one line.
 */
import type { NlqDimension, NlqFilterField, NlqMeasure, NlqPeriod } from './nlq-catalogue';

export type NlqWordMeaning =
  | { readonly role: 'measure'; readonly measure: NlqMeasure }
  /** A noun that is a measure on its own and a dimension after "by" (trucks, orders, loads). */
  | {
      readonly role: 'noun';
      readonly measure: NlqMeasure | null;
      readonly dimension: NlqDimension | null;
    }
  | { readonly role: 'period'; readonly period: NlqPeriod }
  | { readonly role: 'status' }
  | {
      readonly role: 'code';
      readonly field: NlqFilterField;
      readonly id: number;
      readonly key: string;
    }
  | { readonly role: 'by' }
  | { readonly role: 'top'; readonly direction: 'asc' | 'desc' }
  | { readonly role: 'delivered' }
  | { readonly role: 'ordered' }
  | { readonly role: 'now' }
  | { readonly role: 'noise' };

const measure = (key: NlqMeasure): NlqWordMeaning => ({ role: 'measure', measure: key });
const noun = (dimension: NlqDimension | null, key: NlqMeasure | null = null): NlqWordMeaning => ({
  role: 'noun',
  measure: key,
  dimension,
});
const period = (key: NlqPeriod): NlqWordMeaning => ({ role: 'period', period: key });
const code = (field: NlqFilterField, id: number, key: string): NlqWordMeaning => ({
  role: 'code',
  field,
  id,
  key,
});
const onHold = code('orderStatus', 4, 'onHold');
const willCall = code('orderStatus', 3, 'willCall');
const toBeShipped = code('orderStatus', 1, 'toBeShipped');
const completeOrder = code('orderStatus', 5, 'complete');
const shipping = code('orderStatus', 6, 'shipping');
const cancelled = code('orderStatus', 9, 'cancelled');
const backOrder = code('orderStatus', 8, 'backOrder');
const outOfService = code('truckStatus', 9, 'outOfService');
const inYard = code('truckStatus', 1, 'inYard');
const loading = code('truckStatus', 2, 'loading');
const loaded = code('truckStatus', 3, 'loaded');
const toJob = code('truckStatus', 4, 'toJob');
const onJob = code('truckStatus', 5, 'onJob');
const unloading = code('truckStatus', 6, 'unloading');
const washing = code('truckStatus', 7, 'washing');
const toPlant = code('truckStatus', 8, 'toPlant');
const offDuty = code('truckStatus', 10, 'offDuty');
const concrete = code('systemType', 1, 'concrete');
const aggregate = code('systemType', 2, 'aggregate');
const block = code('systemType', 3, 'block');
const noise: NlqWordMeaning = { role: 'noise' };

/** Phrase → meaning. Phrases of several words win over their parts (longest first). */
export const nlqWords: Readonly<Record<string, NlqWordMeaning>> = {
  // Measures.
  yards: measure('cubicYards'),
  yard: measure('cubicYards'),
  yds: measure('cubicYards'),
  yd: measure('cubicYards'),
  'cubic yards': measure('cubicYards'),
  cy: measure('cubicYards'),
  yardas: measure('cubicYards'),
  'yardas cubicas': measure('cubicYards'),
  m3: measure('cubicMeters'),
  'cubic meters': measure('cubicMeters'),
  'cubic metres': measure('cubicMeters'),
  meters: measure('cubicMeters'),
  metres: measure('cubicMeters'),
  metros: measure('cubicMeters'),
  'metros cubicos': measure('cubicMeters'),
  tons: measure('tons'),
  ton: measure('tons'),
  tonnes: measure('tons'),
  tonnage: measure('tons'),
  toneladas: measure('tons'),
  tonelada: measure('tons'),
  sales: measure('salesAmount'),
  revenue: measure('salesAmount'),
  amount: measure('salesAmount'),
  dollars: measure('salesAmount'),
  money: measure('salesAmount'),
  ventas: measure('salesAmount'),
  importe: measure('salesAmount'),
  ingresos: measure('salesAmount'),
  facturacion: measure('salesAmount'),
  dinero: measure('salesAmount'),
  dolares: measure('salesAmount'),
  // Nouns: a measure on their own, a dimension after "by".
  loads: noun(null, 'loads'),
  load: noun(null, 'loads'),
  tickets: noun(null, 'loads'),
  ticket: noun(null, 'loads'),
  deliveries: noun(null, 'loads'),
  cargas: noun(null, 'loads'),
  carga: noun(null, 'loads'),
  viajes: noun(null, 'loads'),
  entregas: noun(null, 'loads'),
  boletas: noun(null, 'loads'),
  remitos: noun(null, 'loads'),
  orders: noun('order', 'orders'),
  order: noun('order', 'orders'),
  pedidos: noun('order', 'orders'),
  pedido: noun('order', 'orders'),
  ordenes: noun('order', 'orders'),
  orden: noun('order', 'orders'),
  trucks: noun('truck', 'trucks'),
  truck: noun('truck', 'trucks'),
  mixers: noun('truck', 'trucks'),
  mixer: noun('truck', 'trucks'),
  fleet: noun('truck', 'trucks'),
  camiones: noun('truck', 'trucks'),
  camion: noun('truck', 'trucks'),
  flota: noun('truck', 'trucks'),
  customers: noun('customer'),
  customer: noun('customer'),
  clients: noun('customer'),
  client: noun('customer'),
  clientes: noun('customer'),
  cliente: noun('customer'),
  plants: noun('plant'),
  plant: noun('plant'),
  plantas: noun('plant'),
  planta: noun('plant'),
  products: noun('product'),
  product: noun('product'),
  mixes: noun('product'),
  mix: noun('product'),
  productos: noun('product'),
  producto: noun('product'),
  mezclas: noun('product'),
  mezcla: noun('product'),
  jobs: noun('job'),
  job: noun('job'),
  sites: noun('job'),
  site: noun('job'),
  obras: noun('job'),
  obra: noun('job'),
  proyectos: noun('job'),
  trabajos: noun('job'),
  trabajo: noun('job'),
  drivers: noun('driver'),
  driver: noun('driver'),
  conductores: noun('driver'),
  conductor: noun('driver'),
  choferes: noun('driver'),
  chofer: noun('driver'),
  'system type': noun('systemType'),
  'material type': noun('systemType'),
  'tipo de material': noun('systemType'),
  // Periods.
  day: period('day'),
  days: period('day'),
  daily: period('day'),
  dia: period('day'),
  dias: period('day'),
  diario: period('day'),
  week: period('week'),
  weeks: period('week'),
  weekly: period('week'),
  semana: period('week'),
  semanas: period('week'),
  semanal: period('week'),
  month: period('month'),
  months: period('month'),
  monthly: period('month'),
  mes: period('month'),
  meses: period('month'),
  mensual: period('month'),
  status: { role: 'status' },
  statuses: { role: 'status' },
  state: { role: 'status' },
  estado: { role: 'status' },
  estados: { role: 'status' },
  // Order statuses.
  'on hold': onHold,
  held: onHold,
  hold: onHold,
  'en espera': onHold,
  retenidos: onHold,
  retenidas: onHold,
  retenido: onHold,
  retenida: onHold,
  'will call': willCall,
  willcall: willCall,
  'a confirmar': willCall,
  'por confirmar': willCall,
  'to be shipped': toBeShipped,
  'por enviar': toBeShipped,
  complete: completeOrder,
  completed: completeOrder,
  completos: completeOrder,
  completados: completeOrder,
  completadas: completeOrder,
  shipping: shipping,
  'en curso': shipping,
  cancelled: cancelled,
  canceled: cancelled,
  cancelados: cancelled,
  canceladas: cancelled,
  'back order': backOrder,
  backordered: backOrder,
  // Truck statuses.
  'out of service': outOfService,
  'fuera de servicio': outOfService,
  broken: outOfService,
  averiados: outOfService,
  'in yard': inYard,
  'in the yard': inYard,
  'en patio': inYard,
  'en el patio': inYard,
  available: inYard,
  disponibles: inYard,
  'loading now': loading,
  cargando: loading,
  loaded: loaded,
  cargados: loaded,
  'to job': toJob,
  'to the job': toJob,
  'hacia la obra': toJob,
  'on job': onJob,
  'on the job': onJob,
  'on site': onJob,
  'en obra': onJob,
  'en la obra': onJob,
  unloading: unloading,
  pouring: unloading,
  descargando: unloading,
  washing: washing,
  lavando: washing,
  'to plant': toPlant,
  returning: toPlant,
  regresando: toPlant,
  'off duty': offDuty,
  'fuera de turno': offDuty,
  // System types.
  concrete: concrete,
  'ready mix': concrete,
  readymix: concrete,
  hormigon: concrete,
  concreto: concrete,
  aggregate: aggregate,
  aggregates: aggregate,
  stone: aggregate,
  gravel: aggregate,
  aridos: aggregate,
  agregados: aggregate,
  grava: aggregate,
  blocks: block,
  block: block,
  bloques: block,
  bloque: block,
  // Structure.
  by: { role: 'by' },
  per: { role: 'by' },
  each: { role: 'by' },
  por: { role: 'by' },
  cada: { role: 'by' },
  top: { role: 'top', direction: 'desc' },
  best: { role: 'top', direction: 'desc' },
  biggest: { role: 'top', direction: 'desc' },
  largest: { role: 'top', direction: 'desc' },
  most: { role: 'top', direction: 'desc' },
  mejores: { role: 'top', direction: 'desc' },
  mayores: { role: 'top', direction: 'desc' },
  principales: { role: 'top', direction: 'desc' },
  bottom: { role: 'top', direction: 'asc' },
  least: { role: 'top', direction: 'asc' },
  smallest: { role: 'top', direction: 'asc' },
  menores: { role: 'top', direction: 'asc' },
  delivered: { role: 'delivered' },
  deliver: { role: 'delivered' },
  ship: { role: 'delivered' },
  sell: { role: 'delivered' },
  pour: { role: 'delivered' },
  entregamos: { role: 'delivered' },
  entrego: { role: 'delivered' },
  entregaron: { role: 'delivered' },
  despacho: { role: 'delivered' },
  vendio: { role: 'delivered' },
  despachamos: { role: 'delivered' },
  vendimos: { role: 'delivered' },
  shipped: { role: 'delivered' },
  poured: { role: 'delivered' },
  sold: { role: 'delivered' },
  entregado: { role: 'delivered' },
  entregados: { role: 'delivered' },
  entregadas: { role: 'delivered' },
  entregada: { role: 'delivered' },
  despachado: { role: 'delivered' },
  despachados: { role: 'delivered' },
  despachadas: { role: 'delivered' },
  vendido: { role: 'delivered' },
  vendidas: { role: 'delivered' },
  ordered: { role: 'ordered' },
  pedidas: { role: 'ordered' },
  now: { role: 'now' },
  'right now': { role: 'now' },
  currently: { role: 'now' },
  ahora: { role: 'now' },
  actualmente: { role: 'now' },
};

/** Words that carry no meaning of their own in a question. */
export const nlqStopWords: ReadonlySet<string> = new Set([
  ...'a an the of in on at for from to with and or what which who show me list give how many much were was is are did do does we our us total all number count please sum that this those these there any my'.split(
    ' ',
  ),
  ...'de del la el los las en para con y o que cual cuales cuantos cuantas cuanto cuanta muestra muestrame mostrar dame lista listar fueron fue se hay son es total todos todas suma numero cantidad nuestros nuestras mis un una unos unas al lo por favor'.split(
    ' ',
  ),
]);

export const nlqNoise: NlqWordMeaning = noise;
