/**
 * The languages a report is made in (issue 25, item 4): the language of the user who runs it,
 * carried by the run request to the job, so its title, its progress, its PDF, CSV and Excel files
 * read as the screen that asked for them. The report catalogue's English is in
 * report-catalogue.ts; its Spanish is here, for the server's files and the web's screens alike.
 */
import { userLanguageOf } from '../users/user-language';
import type { ReportKey, ReportLanguage } from './report-catalogue';

export { reportLanguages, reportLanguageSchema, type ReportLanguage } from './report-catalogue';

/** A user's language as the web names it ('es', 'es-MX'), else English. */
export function reportLanguageOf(language: string | null | undefined): ReportLanguage {
  return userLanguageOf(language);
}

export const reportCatalogueEs: Record<ReportKey, { title: string; description: string }> = {
  shippedOrders: {
    title: 'Pedidos despachados',
    description: 'Pedidos despachados en el periodo con sus boletas, cantidades e importes.',
  },
  salesQuantity: {
    title: 'Cantidad vendida',
    description:
      'Cantidad e importe vendidos, por producto, cliente o planta, comparando los meses.',
  },
  marketSegments: {
    title: 'Segmentos de mercado',
    description: 'Cantidad e importe por tipo de obra (residencial, comercial, obra pública, ...).',
  },
  materialDemand: {
    title: 'Demanda de materiales',
    description: 'Materias primas que usará el concreto programado, por planta y día.',
  },
  truckDemand: {
    title: 'Demanda de camiones',
    description: 'Camiones necesarios por planta y franja horaria frente a los disponibles.',
  },
  ticketRegister: {
    title: 'Registro de boletas',
    description: 'Todas las boletas del periodo por número, anuladas incluidas.',
  },
  orderedVsDelivered: {
    title: 'Pedido frente a entregado',
    description: 'La cantidad pedida de cada pedido frente a lo que entregaron sus boletas.',
  },
  driverHours: {
    title: 'Horas de conductores',
    description:
      'Horas por conductor según los tiempos de las boletas: cargas, en servicio, en obra.',
  },
  plantProduction: {
    title: 'Producción de planta',
    description: 'Cargas y cantidad producidas por planta y día, con los pesos dosificados.',
  },
  deliveryPerformance: {
    title: 'Desempeño de entregas',
    description:
      'Primeras cargas a tiempo, minutos por etapa, uso de camiones y cantidad por hora-camión, por planta.',
  },
};

/** How sales quantity's grouping reads in a Spanish title ("Cantidad vendida por cliente"). */
export const salesGroupingsEs: Record<'product' | 'customer' | 'plant', string> = {
  product: 'producto',
  customer: 'cliente',
  plant: 'planta',
};
