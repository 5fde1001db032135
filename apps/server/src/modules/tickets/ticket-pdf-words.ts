/**
 * The delivery ticket's own words in the customer's language (issue 25, item 4): every heading,
 * label and sentence ticket-pdf.ts prints, English and Spanish side by side, so a missing Spanish
 * text fails the type check rather than printing English. What the ticket carries from the records
 * (names, descriptions, a void status as its lookup row says it) prints as written. Spanish uses the
 * product's words: boleta, pedido, cliente, obra, planta, camión, OC (the customer's PO).
 */
import type { DocumentLanguage } from '@dispatch/domain/document-language';
import type { SystemTypeKey } from '@dispatch/domain/system-types';

const en = {
  /** The PDF's title, in the viewer's title bar and the footer. */
  title: (number: number) => `Delivery ticket ${number}`,
  page: (title: string, page: number, pages: number) => `${title} · page ${page} of ${pages}`,
  heading: {
    concrete: 'CONCRETE DELIVERY TICKET',
    aggregate: 'AGGREGATE DELIVERY TICKET',
    block: 'BLOCK DELIVERY TICKET',
  } satisfies Record<SystemTypeKey, string>,
  number: (number: number) => `No. ${number}`,
  customer: 'Customer',
  customerNumber: (number: string) => `Customer no. ${number}`,
  order: (number: number) => `Order ${number}`,
  po: (po: string) => `PO ${po}`,
  deliverTo: 'Deliver to (job)',
  pickedUp: 'Picked up at the plant',
  truck: 'Truck',
  driver: 'Driver',
  load: 'Load',
  plant: 'Plant',
  timeLoaded: 'Time loaded',
  columns: {
    product: 'Product',
    mix: 'Mix / description',
    description: 'Description',
    thisLoad: 'This load',
    unit: 'Unit',
    cubes: 'Cubes',
    slump: 'Slump',
    delivered: 'Delivered to date',
    ordered: 'Ordered',
    price: 'Price',
    amount: 'Amount',
  },
  subtotal: 'Subtotal',
  restocking: 'Restocking charge',
  tax: (rate: string) => `Tax (${rate} %)`,
  total: 'Total',
  batchedWeights: 'Batched weights',
  batch: {
    material: 'Material',
    description: 'Description',
    target: 'Target',
    actual: 'Actual',
    unit: 'Unit',
    variance: 'Variance',
    notBatched: 'not batched',
  },
  void: 'VOID',
  voidReason: (reason: string) => `Reason: ${reason}`,
  voidNote: 'This ticket is void: nothing on it is to be delivered or charged.',
  mix: {
    design: 'Mix design',
    strength: 'Strength',
    slump: 'Slump',
    air: 'Air',
    aggregate: 'Max. aggregate',
    cement: 'Cement',
    waterCement: 'W/C ratio',
  },
  waterAdded: 'Water added on site',
  waterAllowed: 'Most water that may be added',
  noneSet: 'none set',
  waterRequestedBy: 'Added at request of (signature)',
  waterWarning:
    'Water added beyond the amount shown lowers strength and durability; it is added at the customer’s request and responsibility. ' +
    'Concrete is to be placed within 90 minutes of the time loaded (ASTM C94 / EN 206).',
  gross: 'Gross',
  tare: 'Tare',
  net: 'Net',
  billOfLading: 'Bill of lading',
  cod: 'CASH ON DELIVERY: COLLECT BEFORE UNLOADING',
  comments: 'Comments',
  receivedBy: 'Received by (signature)',
  printName: 'Print name',
  time: 'Time',
  receipt:
    'The receiver’s signature acknowledges delivery of the material above in good condition. Report any shortage or damage on this ticket.',
  delivery: {
    heading: 'Delivery receipt',
    signature: 'Receiver’s signature',
    receivedBy: 'Received by',
    signedAt: 'Signed',
    quantity: 'Quantity delivered',
    water: 'Water added',
    comments: 'Comments',
    noComments: 'none',
    overMaximum:
      'Water above the most that may be added was added at the receiver’s request, and signed for.',
    signedFor: (name: string) => `${name} (signed)`,
    electronic: 'Signed electronically on the driver’s device at the job.',
  },
};

export type TicketWords = typeof en;

const es: TicketWords = {
  title: (number) => `Boleta de entrega ${number}`,
  page: (title, page, pages) => `${title} · página ${page} de ${pages}`,
  heading: {
    concrete: 'BOLETA DE ENTREGA DE CONCRETO',
    aggregate: 'BOLETA DE ENTREGA DE AGREGADOS',
    block: 'BOLETA DE ENTREGA DE BLOQUE',
  },
  number: (number) => `N.º ${number}`,
  customer: 'Cliente',
  customerNumber: (number) => `Cliente n.º ${number}`,
  order: (number) => `Pedido ${number}`,
  po: (po) => `OC ${po}`,
  deliverTo: 'Entregar en (obra)',
  pickedUp: 'Retirado en la planta',
  truck: 'Camión',
  driver: 'Conductor',
  load: 'Carga',
  plant: 'Planta',
  timeLoaded: 'Hora de carga',
  columns: {
    product: 'Producto',
    mix: 'Mezcla / descripción',
    description: 'Descripción',
    thisLoad: 'Esta carga',
    unit: 'Ud.',
    cubes: 'Cubos',
    // The usual abbreviation on Spanish tickets: the full word would squeeze the description.
    slump: 'Rev.',
    delivered: 'Entregado a la fecha',
    ordered: 'Pedido',
    price: 'Precio',
    amount: 'Importe',
  },
  subtotal: 'Subtotal',
  restocking: 'Cargo por reposición',
  tax: (rate) => `Impuesto (${rate} %)`,
  total: 'Total',
  batchedWeights: 'Pesos dosificados',
  batch: {
    material: 'Material',
    description: 'Descripción',
    target: 'Objetivo',
    actual: 'Real',
    unit: 'Ud.',
    variance: 'Desviación',
    notBatched: 'sin dosificar',
  },
  void: 'ANULADA',
  voidReason: (reason) => `Motivo: ${reason}`,
  voidNote: 'Esta boleta está anulada: nada de lo que indica se entrega ni se cobra.',
  mix: {
    design: 'Diseño de mezcla',
    strength: 'Resistencia',
    slump: 'Revenimiento',
    air: 'Aire',
    aggregate: 'Agregado máx.',
    cement: 'Cemento',
    waterCement: 'Relación A/C',
  },
  waterAdded: 'Agua añadida en obra',
  waterAllowed: 'Máximo de agua a añadir',
  noneSet: 'sin fijar',
  waterRequestedBy: 'Añadida a pedido de (firma)',
  waterWarning:
    'El agua añadida por encima de la cantidad indicada reduce la resistencia y la durabilidad; se añade a pedido y bajo responsabilidad del cliente. ' +
    'El concreto debe colocarse dentro de los 90 minutos siguientes a la hora de carga (ASTM C94 / EN 206).',
  gross: 'Bruto',
  tare: 'Tara',
  net: 'Neto',
  billOfLading: 'Conocimiento de embarque',
  cod: 'PAGO CONTRA ENTREGA: COBRAR ANTES DE DESCARGAR',
  comments: 'Comentarios',
  receivedBy: 'Recibido por (firma)',
  printName: 'Nombre en letra de molde',
  time: 'Hora',
  receipt:
    'La firma de quien recibe confirma la entrega en buen estado del material indicado. Anote en esta boleta cualquier faltante o daño.',
  delivery: {
    heading: 'Comprobante de entrega',
    signature: 'Firma de quien recibe',
    receivedBy: 'Recibido por',
    signedAt: 'Firmado',
    quantity: 'Cantidad entregada',
    water: 'Agua añadida',
    comments: 'Comentarios',
    noComments: 'ninguno',
    overMaximum: 'Se añadió agua por encima del máximo a pedido de quien recibe, con su firma.',
    signedFor: (name) => `${name} (firmado)`,
    electronic: 'Firmado electrónicamente en el dispositivo del conductor, en la obra.',
  },
};

const words: Record<DocumentLanguage, TicketWords> = { en, es };

/** The ticket's words in the customer's language. */
export function ticketWords(language: DocumentLanguage): TicketWords {
  return words[language];
}
