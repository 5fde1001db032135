/** One open byte stream to an indicator, whatever carries it. */
export type Connection = {
  write(bytes: Buffer): void;
  /** Closes it; `closed` is still called, and whoever opened it ignores that call. */
  destroy(): void;
};

export type ConnectionHandlers = {
  data(chunk: Buffer): void;
  /** The stream was lost or closed, with why. */
  closed(reason: string): void;
};
