/** The part of the `ipp` package (CommonJS, no types of its own) that the IPP printer uses. */
declare module 'ipp' {
  namespace ipp {
    type IppMessage = {
      version?: string;
      operation?: string;
      statusCode?: string;
      id?: number;
      'operation-attributes-tag'?: Record<string, unknown>;
      'job-attributes-tag'?: Record<string, unknown>;
      'printer-attributes-tag'?: Record<string, unknown>;
      data?: Buffer | string;
    };
    type IppPrinter = {
      execute(
        operation: string,
        message: IppMessage,
        callback: (error: Error | null, response: IppMessage) => void,
      ): void;
    };
  }
  const ipp: {
    Printer(url: string, options?: { uri?: string }): ipp.IppPrinter;
    parse(buffer: Buffer): ipp.IppMessage;
    serialize(message: ipp.IppMessage): Buffer;
  };
  export = ipp;
}
