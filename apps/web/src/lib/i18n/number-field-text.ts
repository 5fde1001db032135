/** The shared number field's texts (R-INPUT-1), English and Spanish, side by side. */
export const numberFieldEn = {
  digitsOnly: 'Type digits only',
  digitsAndSeparator: 'Type digits only, with “{{separator}}” for decimals',
  wholeNumber: 'Type a whole number',
  decimals_one: 'Type at most {{count}} decimal',
  decimals_other: 'Type at most {{count}} decimals',
};

export const numberFieldEs: typeof numberFieldEn = {
  digitsOnly: 'Escriba solo dígitos',
  digitsAndSeparator: 'Escriba solo dígitos, con «{{separator}}» para los decimales',
  wholeNumber: 'Escriba un número entero',
  decimals_one: 'Escriba como máximo {{count}} decimal',
  decimals_other: 'Escriba como máximo {{count}} decimales',
};
