/**
 * CSV injection guard for exported files: spreadsheet programs run a cell that starts with `=`,
 * `+`, `-` or `@` (or a tab or carriage return ahead of one) as a formula. Such a cell gets a
 * leading `'`, which spreadsheets show as text and hide; the cell's own text is kept. Plain
 * numbers (`-5`, `+5`, `-2.5`, `-1,234.50`, `-1e3`) stay numbers.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?(\d[\d,]*(\.\d+)?|\.\d+)([eE][+-]?\d+)?$/;

export function escapeFormula(value: string): string {
  if (!FORMULA_START.test(value) || PLAIN_NUMBER.test(value)) return value;
  return `'${value}`;
}
