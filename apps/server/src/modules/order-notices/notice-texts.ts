/**
 * R-TRACK-10..15: the words of the order notices and of the confirm / change pages, in each
 * language a customer's documents are written in (issue 25): a notice speaks its customer's.
 */
import type { DocumentLanguage } from '@dispatch/domain/document-language';

export type NoticeTexts = {
  locale: string;
  subjects: {
    dayBefore: (order: number, day: string) => string;
    firstLoad: (order: number) => string;
    daysEnd: (order: number, day: string) => string;
  };
  labels: {
    order: string;
    po: string;
    job: string;
    address: string;
    product: string;
    ordered: string;
    day: string;
    firstLoadAt: string;
    truck: string;
    load: string;
    eta: string;
    ticket: string;
    deliveredAt: string;
    quantity: string;
    receivedBy: string;
    amount: string;
    total: string;
    notSigned: string;
  };
  dayBefore: { heading: string; intro: string; confirm: string; change: string; after: string };
  firstLoad: { heading: string; intro: string; eta: (time: string) => string; follow: string };
  daysEnd: { heading: string; intro: string; attached: (count: number) => string; none: string };
  footer: (recipients: string, producer: string) => string;
  page: {
    confirmTitle: (order: number) => string;
    confirmText: (day: string, job: string) => string;
    confirmButton: string;
    confirmed: (order: number) => string;
    alreadyConfirmed: (order: number, when: string) => string;
    changeTitle: (order: number) => string;
    changeText: string;
    changeNote: string;
    changePhone: string;
    changeButton: string;
    changeSent: (order: number) => string;
    notFound: string;
    notFoundTitle: string;
    failed: string;
  };
};

const en: NoticeTexts = {
  locale: 'en-US',
  subjects: {
    dayBefore: (order, day) => `Please confirm: order ${order} for ${day}`,
    firstLoad: (order) => `Your first load is on its way (order ${order})`,
    daysEnd: (order, day) => `Delivered ${day}: order ${order}`,
  },
  labels: {
    order: 'Order',
    po: 'PO',
    job: 'Job',
    address: 'Address',
    product: 'Product',
    ordered: 'Ordered',
    day: 'Delivery day',
    firstLoadAt: 'First load on site',
    truck: 'Truck',
    load: 'Load',
    eta: 'Expected on site',
    ticket: 'Ticket',
    deliveredAt: 'Delivered',
    quantity: 'Quantity',
    receivedBy: 'Received by',
    amount: 'Amount',
    total: 'Total delivered',
    notSigned: 'not signed',
  },
  dayBefore: {
    heading: 'Your delivery is tomorrow',
    intro:
      'Please check the order below and confirm it, or tell us if you need to cancel or change anything.',
    confirm: 'Confirm the order',
    change: 'Cancel or change',
    after: 'Each button opens a page where you confirm with one more click.',
  },
  firstLoad: {
    heading: 'Your first load is on its way',
    intro: 'The first load of your order has been sent from the plant.',
    eta: (time) => `Expected on site around ${time}.`,
    follow: 'Follow the pour live',
  },
  daysEnd: {
    heading: 'What we delivered today',
    intro: 'Here are the tickets delivered on your order today.',
    attached: (count) =>
      count === 1 ? 'The signed ticket is attached.' : `The ${count} signed tickets are attached.`,
    none: 'No load was delivered today.',
  },
  footer: (recipients, producer) =>
    `Sent by ${producer} to ${recipients}, the ticket and invoice e-mails of this order. To stop these notices, ask dispatch.`,
  page: {
    confirmTitle: (order) => `Confirm order ${order}`,
    confirmText: (day, job) => `Delivery on ${day} to ${job}. Press the button to confirm it.`,
    confirmButton: 'Confirm the order',
    confirmed: (order) => `Thank you: order ${order} is confirmed.`,
    alreadyConfirmed: (order, when) => `Order ${order} was confirmed on ${when}.`,
    changeTitle: (order) => `Cancel or change order ${order}`,
    changeText: 'Tell dispatch what you need: they will call you back to settle it.',
    changeNote: 'What should change (or cancel the order)?',
    changePhone: 'A phone number to call you back on',
    changeButton: 'Send to dispatch',
    changeSent: (order) =>
      `Your request for order ${order} was sent to dispatch. They will call you back.`,
    notFoundTitle: 'Link not found',
    notFound: 'This link was not found or has expired. Please call dispatch.',
    failed: 'That did not work. Please try again, or call dispatch.',
  },
};

const es: NoticeTexts = {
  locale: 'es',
  subjects: {
    dayBefore: (order, day) => `Confirme: pedido ${order} para el ${day}`,
    firstLoad: (order) => `Su primera carga va en camino (pedido ${order})`,
    daysEnd: (order, day) => `Entregado el ${day}: pedido ${order}`,
  },
  labels: {
    order: 'Pedido',
    po: 'Orden de compra',
    job: 'Obra',
    address: 'Dirección',
    product: 'Producto',
    ordered: 'Pedido',
    day: 'Día de entrega',
    firstLoadAt: 'Primera carga en obra',
    truck: 'Camión',
    load: 'Carga',
    eta: 'Llegada prevista',
    ticket: 'Boleta',
    deliveredAt: 'Entregada',
    quantity: 'Cantidad',
    receivedBy: 'Recibió',
    amount: 'Importe',
    total: 'Total entregado',
    notSigned: 'sin firma',
  },
  dayBefore: {
    heading: 'Su entrega es mañana',
    intro: 'Revise el pedido y confírmelo, o avísenos si necesita cancelarlo o cambiar algo.',
    confirm: 'Confirmar el pedido',
    change: 'Cancelar o cambiar',
    after: 'Cada botón abre una página donde confirma con un clic más.',
  },
  firstLoad: {
    heading: 'Su primera carga va en camino',
    intro: 'La primera carga de su pedido salió de la planta.',
    eta: (time) => `Llegada prevista a la obra hacia las ${time}.`,
    follow: 'Seguir el colado en vivo',
  },
  daysEnd: {
    heading: 'Lo que entregamos hoy',
    intro: 'Estas son las boletas entregadas hoy en su pedido.',
    attached: (count) =>
      count === 1 ? 'Adjuntamos la boleta firmada.' : `Adjuntamos las ${count} boletas firmadas.`,
    none: 'Hoy no se entregó ninguna carga.',
  },
  footer: (recipients, producer) =>
    `Enviado por ${producer} a ${recipients}, los correos para boletas y facturas de este pedido. Para no recibir estos avisos, pídalo a despacho.`,
  page: {
    confirmTitle: (order) => `Confirmar el pedido ${order}`,
    confirmText: (day, job) => `Entrega el ${day} en ${job}. Pulse el botón para confirmarla.`,
    confirmButton: 'Confirmar el pedido',
    confirmed: (order) => `Gracias: el pedido ${order} está confirmado.`,
    alreadyConfirmed: (order, when) => `El pedido ${order} se confirmó el ${when}.`,
    changeTitle: (order) => `Cancelar o cambiar el pedido ${order}`,
    changeText: 'Díganos qué necesita: despacho le llamará para resolverlo.',
    changeNote: '¿Qué hay que cambiar (o cancelar el pedido)?',
    changePhone: 'Un teléfono para devolverle la llamada',
    changeButton: 'Enviar a despacho',
    changeSent: (order) => `Su solicitud para el pedido ${order} se envió a despacho. Le llamarán.`,
    notFoundTitle: 'Enlace no encontrado',
    notFound: 'Este enlace no existe o ha vencido. Llame a despacho.',
    failed: 'No se pudo. Inténtelo de nuevo o llame a despacho.',
  },
};

export const noticeTexts: Record<DocumentLanguage, NoticeTexts> = { en, es };
