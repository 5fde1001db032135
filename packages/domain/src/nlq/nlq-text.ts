/** How the parser sees text (R-NLQ-1). */

/** Lower case without accents, punctuation kept (dates such as 2026-03-12 need it). */
export function foldNlqText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .toLowerCase()
    .replace(/m³/g, 'm3')
    .replace(/\$/g, ' dollars ')
    .replace(/[?¿!¡]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The words and numbers of folded text ("1,000" is one number). */
export function nlqTokens(folded: string): string[] {
  const words = folded
    .replace(/(\d)[,.](\d{3})\b/g, '$1$2')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  return words === '' ? [] : words.split(' ');
}

export function normaliseNlqText(text: string): string {
  return nlqTokens(foldNlqText(text)).join(' ');
}
