/**
 * The car/equipment id of a load (the railcar's reporting mark and number, a trailer's id): capital
 * letters and digits only, 6 to 30 of them, as the id is painted on the equipment. A refusal names the
 * fault it found, in the order a person fixes them (a space, a hyphen, another symbol, small letters,
 * then the length), rather than one text for all; the value is never rewritten for the user.
 */
export const EQUIPMENT_MSG = {
  space: 'Car/Equipment cannot contain spaces: type the letters and digits together, e.g. TTGX123456',
  hyphen: 'Car/Equipment cannot contain a hyphen (-): type the letters and digits together, e.g. TTGX123456',
  symbol: 'Car/Equipment can only contain the letters A to Z and digits, without symbols or accents',
  lowercase: 'Car/Equipment must be written in capital letters, as it is painted on the car',
  short: 'Car/Equipment must have at least 6 letters and digits',
  long: 'Car/Equipment must have at most 30 letters and digits',
} as const;

export const EQUIPMENT_MIN = 6;
export const EQUIPMENT_MAX = 30;

const DASHES = /[-\u2010-\u2015\u2212]/;

/** What is wrong with a (trimmed) car/equipment id, or null when it is a valid one. */
export function equipmentFault(text: string): string | null {
  if (/\s/.test(text)) return EQUIPMENT_MSG.space;
  if (DASHES.test(text)) return EQUIPMENT_MSG.hyphen;
  if (/[^A-Za-z0-9]/.test(text)) return EQUIPMENT_MSG.symbol;
  if (/[a-z]/.test(text)) return EQUIPMENT_MSG.lowercase;
  if (text.length < EQUIPMENT_MIN) return EQUIPMENT_MSG.short;
  if (text.length > EQUIPMENT_MAX) return EQUIPMENT_MSG.long;
  return null;
}
