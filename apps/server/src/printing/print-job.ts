/** A document on its way to a print destination, and what every printer does with it (R-PRINT-3). */
export type PrintJob = {
  /** The destination's name, as the print-destinations list shows it. */
  destination: string;
  /** How the document is named: the ticket number, for a ticket. */
  documentName: string;
  /** The title a printer queue shows. */
  title: string;
  requestedBy: string;
  pdf: Buffer;
};

export type Printer = {
  /** Resolves with where the document went; rejects with why it could not be printed. */
  print(job: PrintJob): Promise<string>;
};
