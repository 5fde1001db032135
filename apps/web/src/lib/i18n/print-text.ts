/** The "Print to…" control's texts (R-PRINT-7), English and Spanish, side by side. */
export const printEn = {
  printTo: 'Print to…',
  placeholder: 'Choose a printer',
  print: 'Print',
  printOn: 'Print to {{destination}}',
  printing: 'Printing…',
  noDestinations: 'No printer is set up.',
  printed: 'Printed on {{destination}}.',
  notPrinted: 'Not printed on {{destination}}.',
  notConnected: 'The dispatcher is not connected: the ticket cannot be printed now.',
  groups: { printer: 'Printers', pdf: 'PDF', other: 'Other' },
};

export const printEs: typeof printEn = {
  printTo: 'Imprimir en…',
  placeholder: 'Elija una impresora',
  print: 'Imprimir',
  printOn: 'Imprimir en {{destination}}',
  printing: 'Imprimiendo…',
  noDestinations: 'No hay ninguna impresora configurada.',
  printed: 'Impreso en {{destination}}.',
  notPrinted: 'No se imprimió en {{destination}}.',
  notConnected: 'El despachador no está conectado: el ticket no se puede imprimir ahora.',
  groups: { printer: 'Impresoras', pdf: 'PDF', other: 'Otros' },
};
