/**
 * The seven address lines (street, suite, city, -, state, county, postal code) as a letter is
 * addressed: the street lines, then "City, ST 12345"; the county is a tax jurisdiction, not postal.
 */
export function postalLines(lines: readonly (string | null | undefined)[]): string[] {
  const [street, suite, city, extra, state, , postalCode] = lines.map((line) => line?.trim() ?? '');
  const region = [state, postalCode].filter((part) => part !== '').join(' ');
  const cityLine = [city, region].filter((part) => part !== '').join(', ');
  return [street, suite, extra, cityLine].filter((line): line is string => !!line);
}
