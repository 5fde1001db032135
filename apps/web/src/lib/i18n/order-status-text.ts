/**
 * The order statuses' names, once for every screen that says them (order entry, Ask AI's
 * answers), so a status reads the same wherever a dispatcher meets it.
 */
export const orderStatusNamesEn = {
  deleted: 'Deleted',
  toBeShipped: 'To be shipped',
  fob: 'FOB',
  willCall: 'Will call',
  onHold: 'On hold',
  complete: 'Complete',
  shipping: 'Shipping',
  stopShipping: 'Stop shipping',
  backOrder: 'Back order',
  cancelled: 'Cancelled',
};

export const orderStatusNamesEs: typeof orderStatusNamesEn = {
  deleted: 'Eliminado',
  toBeShipped: 'Por enviar',
  fob: 'LAB',
  willCall: 'Por llamar',
  onHold: 'En espera',
  complete: 'Completo',
  shipping: 'Enviando',
  stopShipping: 'Detener envío',
  backOrder: 'Pendiente',
  cancelled: 'Cancelado',
};
