/**
 * A report in the language of the user who ran it (issue 25, item 4). The builders write their
 * documents in English; this turns a document, its progress messages and its summary into the
 * run's language just before the files are written, so PDF, CSV and Excel say the same thing.
 * A text this does not know stays as the builder wrote it.
 */
import { reportCatalogueEs, type ReportLanguage } from '@dispatch/domain/reports/report-language';
import type { ReportDocument } from './report-document';

/** Column, section, sheet and table names, and the header's labels, in Spanish. */
const wordsEs: Record<string, string> = {
  Order: 'Pedido',
  Orders: 'Pedidos',
  'Ship date': 'Fecha de envío',
  Customer: 'Cliente',
  Customers: 'Clientes',
  Job: 'Obra',
  'Job type': 'Tipo de obra',
  Product: 'Producto',
  Products: 'Productos',
  Unit: 'Ud.',
  Quantity: 'Cantidad',
  Ordered: 'Pedido',
  Shipped: 'Enviado',
  Delivered: 'Entregado',
  'Delivered %': 'Entregado %',
  Loads: 'Cargas',
  Amount: 'Importe',
  Invoices: 'Facturas',
  Plant: 'Planta',
  Plants: 'Plantas',
  'Plant and day': 'Planta y día',
  'System types': 'Tipos de sistema',
  'Grouped by': 'Agrupado por',
  Day: 'Día',
  Month: 'Mes',
  Hour: 'Hora',
  'Date and time': 'Fecha y hora',
  Status: 'Estado',
  'Will call': 'Por llamar',
  Firm: 'Firme',
  'Trucks needed': 'Camiones necesarios',
  Available: 'Disponibles',
  Short: 'Faltan',
  'Raw material': 'Materia prima',
  Difference: 'Diferencia',
  Description: 'Descripción',
  Truck: 'Camión',
  Trucks: 'Camiones',
  Ticket: 'Boleta',
  Tickets: 'Boletas',
  'Void reason': 'Motivo de anulación',
  Target: 'Objetivo',
  'Off target': 'Desviación',
  Batched: 'Dosificado',
  'Batched weights': 'Pesos dosificados',
  Share: 'Participación',
  'Sales share': 'Participación en ventas',
  'Peak hour': 'Hora pico',
  'Last back': 'Último regreso',
  'First ticket': 'Primera boleta',
  Driver: 'Conductor',
  'Hours short': 'Horas faltantes',
  'Hours on jobs': 'Horas en obra',
  'Hours on duty': 'Horas en servicio',
  'Shipped orders': 'Pedidos despachados',
  'Ticket register': 'Registro de boletas',
  Sales: 'Ventas',
  'Sales by month': 'Ventas por mes',
  'Quantity by month': 'Cantidad por mes',
  'Amount by month': 'Importe por mes',
  Production: 'Producción',
  'Period total': 'Total del periodo',
  'Period total by plant': 'Total del periodo por planta',
  'Peak per day': 'Pico por día',
  'Peak per plant and day': 'Pico por planta y día',
  'Ordered against delivered': 'Pedido frente a entregado',
  'Market segments': 'Segmentos de mercado',
  'Driver hours': 'Horas de conductores',
  'Delivery performance': 'Desempeño de entregas',
  'On-time first loads': 'Primeras cargas a tiempo',
  'Loading (min)': 'Cargando (min)',
  'To job (min)': 'Hacia la obra (min)',
  'Waiting on the job (min)': 'Espera en la obra (min)',
  'Unloading (min)': 'Descargando (min)',
  'Washing (min)': 'Lavando (min)',
  'To plant (min)': 'Hacia la planta (min)',
  'Truck utilisation': 'Uso de camiones',
  'Quantity per truck-hour': 'Cantidad por hora-camión',
  'By plant and day': 'Por planta y día',
  'By hour': 'Por hora',
  'Share of each unit’s quantity by market segment':
    'Participación de la cantidad de cada unidad por segmento de mercado',
  all: 'todos',
  none: 'ninguno',
  product: 'producto',
  customer: 'cliente',
  plant: 'planta',
  Concrete: 'Concreto',
  Aggregate: 'Agregados',
  Block: 'Bloque',
};

/** Progress steps, failures and the nouns of counts ("214 orders"), in Spanish. */
const messagesEs: Record<string, string> = {
  'Reading the period’s tickets': 'Leyendo las boletas del periodo',
  'Reading the period’s schedules': 'Leyendo los programas del periodo',
  'Reading the period’s sales': 'Leyendo las ventas del periodo',
  'Reading the period’s sales by job type': 'Leyendo las ventas del periodo por tipo de obra',
  'Reading the period’s production': 'Leyendo la producción del periodo',
  'Reading the period’s orders': 'Leyendo los pedidos del periodo',
  'Reading the period’s loads': 'Leyendo las cargas del periodo',
  'Reading the drivers’ tickets': 'Leyendo las boletas de los conductores',
  'Reading the batched weights': 'Leyendo los pesos dosificados',
  'Drawing the charts': 'Dibujando las gráficas',
  'Writing the PDF': 'Escribiendo el PDF',
  'Writing the CSV file': 'Escribiendo el archivo CSV',
  'Writing the Excel workbook': 'Escribiendo el libro de Excel',
  'The person who asked for this report may no longer run reports.':
    'Quien pidió este reporte ya no puede ejecutar reportes.',
};

const nounsEs: Record<string, [string, string]> = {
  order: ['pedido', 'pedidos'],
  plant: ['planta', 'plantas'],
  ticket: ['boleta', 'boletas'],
  schedule: ['programa', 'programas'],
  driver: ['conductor', 'conductores'],
  'driver day': ['día de conductor', 'días de conductor'],
  month: ['mes', 'meses'],
  'plant day': ['día de planta', 'días de planta'],
  'segment figure': ['cifra de segmento', 'cifras de segmento'],
  'sales figure': ['cifra de ventas', 'cifras de ventas'],
  'production figure': ['cifra de producción', 'cifras de producción'],
  'material figure': ['cifra de material', 'cifras de material'],
  product: ['producto', 'productos'],
  customer: ['cliente', 'clientes'],
  truck: ['camión', 'camiones'],
  load: ['carga', 'cargas'],
};
const nounOfPlural = new Map(
  Object.entries(nounsEs).flatMap(([one, [singular, plural]]) => [
    [one, singular],
    [`${one}s`, plural],
  ]),
);

/** Words a count stands with that English does not inflect ("3 voided" → "3 anuladas"). */
const countedWordsEs: Record<string, [string, string]> = {
  voided: ['anulada', 'anuladas'],
};

/** "214 orders" → "214 pedidos"; a text it does not know as is. */
function countEs(part: string): string {
  const match = /^([\d.,]+) (.+?)( read)?$/.exec(part.trim());
  if (!match) return part;
  const word = countedWordsEs[match[2]!];
  const noun = word ? word[match[1] === '1' ? 0 : 1] : nounOfPlural.get(match[2]!);
  if (!noun) return part;
  return `${match[1]} ${noun}${match[3] ? ' leídos' : ''}`;
}

/** A word or label of a report in the run's language. */
export function reportWord(text: string, language: ReportLanguage): string {
  return language === 'es' ? (wordsEs[text] ?? text) : text;
}

/** A progress message or a summary ("214 orders, 3 plants") in the run's language. */
export function reportMessage(text: string, language: ReportLanguage): string {
  if (language === 'en') return text;
  return messagesEs[text] ?? text.split(', ').map(countEs).join(', ');
}

/** The texts the PDF writes around the document's own. */
export function pdfTexts(language: ReportLanguage) {
  return language === 'es'
    ? {
        language,
        total: 'Total',
        subtotal: (label: string) => `Subtotal ${label}`,
        nothing: 'Nada en este periodo.',
        made: (at: string, by: string) => `Hecho el ${at} por ${by}`,
        summaryOnly: (rows: string, per: string) =>
          `${rows} filas: este PDF imprime una línea por ${per}; todas las filas están en los archivos CSV y Excel.`,
        firstRows: (limit: string, rows: string) =>
          `Se imprimen las primeras ${limit} de ${rows} filas; todas las filas están en los archivos CSV y Excel.`,
        group: 'grupo',
        numberLocale: 'es',
      }
    : {
        language,
        total: 'Total',
        subtotal: (label: string) => `Subtotal ${label}`,
        nothing: 'Nothing in this period.',
        made: (at: string, by: string) => `Made ${at} by ${by}`,
        summaryOnly: (rows: string, per: string) =>
          `${rows} rows: this PDF prints one line per ${per}; every row is in the CSV and Excel files.`,
        firstRows: (limit: string, rows: string) =>
          `The first ${limit} of ${rows} rows are printed; every row is in the CSV and Excel files.`,
        group: 'group',
        numberLocale: 'en-US',
      };
}

/** The document in the run's language: its description, labels, tables and summary. */
export function documentIn(document: ReportDocument, language: ReportLanguage): ReportDocument {
  if (language === 'en') return document;
  const word = (text: string) => reportWord(text, language);
  return {
    ...document,
    language,
    description: reportCatalogueEs[document.key].description,
    parameters: document.parameters.map((parameter) => ({
      label: word(parameter.label),
      value: parameter.value
        .split(', ')
        .map((value) => word(value))
        .join(', '),
    })),
    charts: document.charts.map((chart) => ({ ...chart, title: word(chart.title) })),
    tables: document.tables.map((table) => ({
      ...table,
      ...(table.title === undefined ? {} : { title: word(table.title) }),
      sheet: word(table.sheet),
      ...(table.sectionLabel === undefined ? {} : { sectionLabel: word(table.sectionLabel) }),
      columns: table.columns.map((column) => ({ ...column, label: word(column.label) })),
    })),
    summary: reportMessage(document.summary, language),
  };
}
