/** What the stand-in logs through. Never pass it tokens. */
export type IntercomLogger = {
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
};

export const silentLogger: IntercomLogger = {
  info() {},
  warn() {},
  error() {},
};
