/** How a schedule's tables set their numbers: right aligned, in figures of one width. */
export const right = { textAlign: 'right' } as const;
export const mono = { fontVariantNumeric: 'tabular-nums' } as const;
