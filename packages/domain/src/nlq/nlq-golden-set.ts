/**
 * R-NLQ-12: the golden set. Questions in English and Spanish with the interpretation each must
 * get on the demo data (seed 20240601, today 2026-03-16, a Monday), whose names are in
 * nlq-demo-vocabulary.json. The domain's tests check the interpretations; the server's check the
 * answers on a seeded demo database.
 */
import type { NlqDimension, NlqFilterField, NlqMeasure } from './nlq-catalogue';

export const nlqGoldenToday = '2026-03-16';

export type NlqGoldenExpectation =
  | {
      readonly measure: NlqMeasure;
      readonly dimensions?: readonly NlqDimension[];
      /** Filter fields with the ids of their values, in the order the question names them. */
      readonly filters?: Readonly<Partial<Record<NlqFilterField, readonly number[]>>>;
      readonly dates?: readonly [string, string];
      /** 'measure desc' unless given. */
      readonly sort?: 'measure asc' | 'dimension asc';
      /** 50 unless given. */
      readonly limit?: number;
      readonly suggestions?: readonly string[];
    }
  | {
      readonly reason: 'unknownName' | 'nothingToMeasure';
      readonly suggestions: readonly string[];
    };

export type NlqGoldenQuestion = {
  readonly question: string;
  readonly language: 'en' | 'es';
  readonly expected: NlqGoldenExpectation;
};

export const nlqGoldenSet: readonly NlqGoldenQuestion[] = [
  {
    question: 'yards of concrete North Yard delivered last week',
    language: 'en',
    expected: {
      measure: 'cubicYards',
      filters: { systemType: [1], plant: [1] },
      dates: ['2026-03-09', '2026-03-15'],
    },
  },
  {
    question: 'top 10 customers by tons this month',
    language: 'en',
    expected: {
      measure: 'tons',
      dimensions: ['customer'],
      dates: ['2026-03-01', '2026-03-31'],
      limit: 10,
    },
  },
  {
    question: 'trucks out of service now',
    language: 'en',
    expected: {
      measure: 'trucks',
      dimensions: ['truck', 'plant'],
      filters: { truckStatus: [9] },
      sort: 'dimension asc',
    },
  },
  {
    question: 'orders on hold',
    language: 'en',
    expected: {
      measure: 'orders',
      dimensions: ['order', 'customer'],
      filters: { orderStatus: [4] },
      sort: 'dimension asc',
    },
  },
  {
    question: 'loads by plant today',
    language: 'en',
    expected: { measure: 'loads', dimensions: ['plant'], dates: ['2026-03-16', '2026-03-16'] },
  },
  {
    question: 'yards by day this week',
    language: 'en',
    expected: {
      measure: 'cubicYards',
      dimensions: ['day'],
      dates: ['2026-03-16', '2026-03-22'],
      sort: 'dimension asc',
    },
  },
  {
    question: 'sales by product this month',
    language: 'en',
    expected: {
      measure: 'salesAmount',
      dimensions: ['product'],
      dates: ['2026-03-01', '2026-03-31'],
    },
  },
  {
    question: 'trucks by status',
    language: 'en',
    expected: { measure: 'trucks', dimensions: ['truckStatus'] },
  },
  {
    question: 'yards by plant last week',
    language: 'en',
    expected: { measure: 'cubicYards', dimensions: ['plant'], dates: ['2026-03-09', '2026-03-15'] },
  },
  {
    question: 'tons of aggregate by plant this month',
    language: 'en',
    expected: {
      measure: 'tons',
      dimensions: ['plant'],
      filters: { systemType: [2] },
      dates: ['2026-03-01', '2026-03-31'],
    },
  },
  {
    question: 'm3 by day last week',
    language: 'en',
    expected: {
      measure: 'cubicMeters',
      dimensions: ['day'],
      dates: ['2026-03-09', '2026-03-15'],
      sort: 'dimension asc',
    },
  },
  {
    question: 'loads by driver today',
    language: 'en',
    expected: { measure: 'loads', dimensions: ['driver'], dates: ['2026-03-16', '2026-03-16'] },
  },
  {
    question: 'top 5 jobs by yards this month',
    language: 'en',
    expected: {
      measure: 'cubicYards',
      dimensions: ['job'],
      dates: ['2026-03-01', '2026-03-31'],
      limit: 5,
    },
  },
  {
    question: 'top 3 trucks by loads last week',
    language: 'en',
    expected: {
      measure: 'loads',
      dimensions: ['truck'],
      dates: ['2026-03-09', '2026-03-15'],
      limit: 3,
    },
  },
  {
    question: 'sales by customer last week',
    language: 'en',
    expected: {
      measure: 'salesAmount',
      dimensions: ['customer'],
      dates: ['2026-03-09', '2026-03-15'],
    },
  },
  {
    question: 'loads for Barnes Builders this month',
    language: 'en',
    expected: {
      measure: 'loads',
      filters: { customer: [146] },
      dates: ['2026-03-01', '2026-03-31'],
    },
  },
  {
    question: 'yards for Cornerstone Homes this month',
    language: 'en',
    expected: {
      measure: 'cubicYards',
      filters: { customer: [167] },
      dates: ['2026-03-01', '2026-03-31'],
    },
  },
  {
    question: 'tons from Cedar Quarry by product this week',
    language: 'en',
    expected: {
      measure: 'tons',
      dimensions: ['product'],
      filters: { plant: [4] },
      dates: ['2026-03-16', '2026-03-22'],
    },
  },
  {
    question: 'orders will call',
    language: 'en',
    expected: {
      measure: 'orders',
      dimensions: ['order', 'customer'],
      filters: { orderStatus: [3] },
      sort: 'dimension asc',
    },
  },
  {
    question: 'orders by status this week',
    language: 'en',
    expected: {
      measure: 'orders',
      dimensions: ['orderStatus'],
      dates: ['2026-03-16', '2026-03-22'],
    },
  },
  {
    question: 'orders by plant tomorrow',
    language: 'en',
    expected: { measure: 'orders', dimensions: ['plant'], dates: ['2026-03-17', '2026-03-17'] },
  },
  {
    question: 'yards ordered for tomorrow',
    language: 'en',
    expected: { measure: 'orderedYards', dates: ['2026-03-17', '2026-03-17'] },
  },
  {
    question: 'orders on hold for Medina Flatwork',
    language: 'en',
    expected: {
      measure: 'orders',
      dimensions: ['order', 'plant'],
      filters: { orderStatus: [4], customer: [7] },
      sort: 'dimension asc',
    },
  },
  {
    question: 'trucks in the yard at North Yard',
    language: 'en',
    expected: {
      measure: 'trucks',
      dimensions: ['truck', 'plant'],
      filters: { truckStatus: [1], plant: [1] },
      sort: 'dimension asc',
    },
  },
  {
    question: 'trucks by plant',
    language: 'en',
    expected: { measure: 'trucks', dimensions: ['plant'] },
  },
  {
    question: 'loads by day from March 11 to March 13',
    language: 'en',
    expected: {
      measure: 'loads',
      dimensions: ['day'],
      dates: ['2026-03-11', '2026-03-13'],
      sort: 'dimension asc',
    },
  },
  {
    question: 'yards on March 12',
    language: 'en',
    expected: { measure: 'cubicYards', dates: ['2026-03-12', '2026-03-12'] },
  },
  {
    question: 'loads since March 12 by day',
    language: 'en',
    expected: {
      measure: 'loads',
      dimensions: ['day'],
      dates: ['2026-03-12', '2026-03-16'],
      sort: 'dimension asc',
    },
  },
  {
    question: 'yards by month this year',
    language: 'en',
    expected: {
      measure: 'cubicYards',
      dimensions: ['month'],
      dates: ['2026-01-01', '2026-12-31'],
      sort: 'dimension asc',
    },
  },
  {
    question: 'blocks delivered by customer this month',
    language: 'en',
    expected: {
      measure: 'loads',
      dimensions: ['customer'],
      filters: { systemType: [3] },
      dates: ['2026-03-01', '2026-03-31'],
    },
  },
  {
    question: 'loads by truck for Westgate Plant today',
    language: 'en',
    expected: {
      measure: 'loads',
      dimensions: ['truck'],
      filters: { plant: [3] },
      dates: ['2026-03-16', '2026-03-16'],
    },
  },
  {
    question: 'sales by plant this month',
    language: 'en',
    expected: {
      measure: 'salesAmount',
      dimensions: ['plant'],
      dates: ['2026-03-01', '2026-03-31'],
    },
  },
  {
    question: 'how many loads did Riverside ship on March 12',
    language: 'en',
    expected: { measure: 'loads', filters: { plant: [2] }, dates: ['2026-03-12', '2026-03-12'] },
  },
  {
    question: 'cancelled orders this month',
    language: 'en',
    expected: {
      measure: 'orders',
      dimensions: ['order', 'customer'],
      filters: { orderStatus: [9] },
      dates: ['2026-03-01', '2026-03-31'],
      sort: 'dimension asc',
    },
  },
  {
    question: 'trucks unloading right now',
    language: 'en',
    expected: {
      measure: 'trucks',
      dimensions: ['truck', 'plant'],
      filters: { truckStatus: [6] },
      sort: 'dimension asc',
    },
  },
  {
    question: 'top 10 products by sales last week',
    language: 'en',
    expected: {
      measure: 'salesAmount',
      dimensions: ['product'],
      dates: ['2026-03-09', '2026-03-15'],
      limit: 10,
    },
  },
  {
    question: 'loads of 4000 psi #57 last week',
    language: 'en',
    expected: { measure: 'loads', filters: { product: [4] }, dates: ['2026-03-09', '2026-03-15'] },
  },
  {
    question: 'loads for truck 112 last week',
    language: 'en',
    expected: { measure: 'loads', filters: { truck: [12] }, dates: ['2026-03-09', '2026-03-15'] },
  },
  {
    question: 'yards by plant and day last week',
    language: 'en',
    expected: {
      measure: 'cubicYards',
      dimensions: ['plant', 'day'],
      dates: ['2026-03-09', '2026-03-15'],
      sort: 'dimension asc',
    },
  },
  {
    question: 'bottom 3 customers by yards this month',
    language: 'en',
    expected: {
      measure: 'cubicYards',
      dimensions: ['customer'],
      dates: ['2026-03-01', '2026-03-31'],
      sort: 'measure asc',
      limit: 3,
    },
  },
  {
    question: 'yardas de hormigón de North Yard la semana pasada',
    language: 'es',
    expected: {
      measure: 'cubicYards',
      filters: { systemType: [1], plant: [1] },
      dates: ['2026-03-09', '2026-03-15'],
    },
  },
  {
    question: 'los 10 mejores clientes por toneladas este mes',
    language: 'es',
    expected: {
      measure: 'tons',
      dimensions: ['customer'],
      dates: ['2026-03-01', '2026-03-31'],
      limit: 10,
    },
  },
  {
    question: 'camiones fuera de servicio ahora',
    language: 'es',
    expected: {
      measure: 'trucks',
      dimensions: ['truck', 'plant'],
      filters: { truckStatus: [9] },
      sort: 'dimension asc',
    },
  },
  {
    question: 'pedidos retenidos',
    language: 'es',
    expected: {
      measure: 'orders',
      dimensions: ['order', 'customer'],
      filters: { orderStatus: [4] },
      sort: 'dimension asc',
    },
  },
  {
    question: 'cargas por planta hoy',
    language: 'es',
    expected: { measure: 'loads', dimensions: ['plant'], dates: ['2026-03-16', '2026-03-16'] },
  },
  {
    question: 'yardas por día esta semana',
    language: 'es',
    expected: {
      measure: 'cubicYards',
      dimensions: ['day'],
      dates: ['2026-03-16', '2026-03-22'],
      sort: 'dimension asc',
    },
  },
  {
    question: 'ventas por producto este mes',
    language: 'es',
    expected: {
      measure: 'salesAmount',
      dimensions: ['product'],
      dates: ['2026-03-01', '2026-03-31'],
    },
  },
  {
    question: 'camiones por estado',
    language: 'es',
    expected: { measure: 'trucks', dimensions: ['truckStatus'] },
  },
  {
    question: 'toneladas de áridos por planta ayer',
    language: 'es',
    expected: {
      measure: 'tons',
      dimensions: ['plant'],
      filters: { systemType: [2] },
      dates: ['2026-03-15', '2026-03-15'],
    },
  },
  {
    question: 'metros cúbicos por día la semana pasada',
    language: 'es',
    expected: {
      measure: 'cubicMeters',
      dimensions: ['day'],
      dates: ['2026-03-09', '2026-03-15'],
      sort: 'dimension asc',
    },
  },
  {
    question: 'cargas por conductor hoy',
    language: 'es',
    expected: { measure: 'loads', dimensions: ['driver'], dates: ['2026-03-16', '2026-03-16'] },
  },
  {
    question: 'los 5 mejores trabajos por yardas este mes',
    language: 'es',
    expected: {
      measure: 'cubicYards',
      dimensions: ['job'],
      dates: ['2026-03-01', '2026-03-31'],
      limit: 5,
    },
  },
  {
    question: 'pedidos por estado esta semana',
    language: 'es',
    expected: {
      measure: 'orders',
      dimensions: ['orderStatus'],
      dates: ['2026-03-16', '2026-03-22'],
    },
  },
  {
    question: 'pedidos a confirmar',
    language: 'es',
    expected: {
      measure: 'orders',
      dimensions: ['order', 'customer'],
      filters: { orderStatus: [3] },
      sort: 'dimension asc',
    },
  },
  {
    question: 'camiones en el patio de North Yard',
    language: 'es',
    expected: {
      measure: 'trucks',
      dimensions: ['truck', 'plant'],
      filters: { truckStatus: [1], plant: [1] },
      sort: 'dimension asc',
    },
  },
  {
    question: 'ventas por cliente en marzo',
    language: 'es',
    expected: {
      measure: 'salesAmount',
      dimensions: ['customer'],
      dates: ['2026-03-01', '2026-03-31'],
    },
  },
  {
    question: 'yardas por planta en marzo',
    language: 'es',
    expected: { measure: 'cubicYards', dimensions: ['plant'], dates: ['2026-03-01', '2026-03-31'] },
  },
  {
    question: 'cargas por camión hoy',
    language: 'es',
    expected: { measure: 'loads', dimensions: ['truck'], dates: ['2026-03-16', '2026-03-16'] },
  },
  {
    question: 'pedidos cancelados este mes',
    language: 'es',
    expected: {
      measure: 'orders',
      dimensions: ['order', 'customer'],
      filters: { orderStatus: [9] },
      dates: ['2026-03-01', '2026-03-31'],
      sort: 'dimension asc',
    },
  },
  {
    question: 'toneladas por producto de Cedar Quarry esta semana',
    language: 'es',
    expected: {
      measure: 'tons',
      dimensions: ['product'],
      filters: { plant: [4] },
      dates: ['2026-03-16', '2026-03-22'],
    },
  },
  {
    question: 'ventas por mes este año',
    language: 'es',
    expected: {
      measure: 'salesAmount',
      dimensions: ['month'],
      dates: ['2026-01-01', '2026-12-31'],
      sort: 'dimension asc',
    },
  },
  {
    question: 'cuántas cargas entregó Westgate ayer',
    language: 'es',
    expected: { measure: 'loads', filters: { plant: [3] }, dates: ['2026-03-15', '2026-03-15'] },
  },
  {
    question: 'bloques por cliente este mes',
    language: 'es',
    expected: {
      measure: 'loads',
      dimensions: ['customer'],
      filters: { systemType: [3] },
      dates: ['2026-03-01', '2026-03-31'],
    },
  },
  {
    question: 'yardas pedidas para mañana',
    language: 'es',
    expected: { measure: 'orderedYards', dates: ['2026-03-17', '2026-03-17'] },
  },
  {
    question: 'orders on hold for Acme',
    language: 'en',
    expected: { reason: 'unknownName', suggestions: ['orders on hold'] },
  },
  {
    question: 'what is the weather',
    language: 'en',
    expected: { reason: 'nothingToMeasure', suggestions: [] },
  },
  {
    question: 'tickets for Barnes',
    language: 'en',
    expected: {
      reason: 'unknownName',
      suggestions: [
        'tickets for Barnes Builders',
        'tickets for Cody Barnes',
        'tickets for Susan Barnes',
        'tickets',
      ],
    },
  },
  {
    question: 'yrds by plant',
    language: 'en',
    expected: { measure: 'loads', dimensions: ['plant'], suggestions: ['yards by plant'] },
  },
];
