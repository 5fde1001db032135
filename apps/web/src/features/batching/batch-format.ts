/** How the batch load screen writes its numbers and times, and keeps a cell on one line. */
export type Format = { number: (value: number) => string; time: (iso: string) => string };

export const nowrap = { whiteSpace: 'nowrap' } as const;
