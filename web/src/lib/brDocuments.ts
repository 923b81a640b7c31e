/**
 * Brazilian registry numbers checked by their check digits, as the server does (internal/brdoc):
 * CPF (people) and CNPJ (companies), the CNPJ numeric or alphanumeric (IN RFB 2.229/2024, from
 * July 2026). Punctuation (. - / and spaces) is ignored; anything else makes the number invalid.
 */
const PUNCTUATION_ONLY = /^[0-9A-Za-z .\-/]*$/;

/** The letters and digits of a number, letters in upper case. */
export function stripDocument(value: string): string {
  return value.toUpperCase().replace(/[^0-9A-Z]/g, '');
}

export function isValidCPF(value: string): boolean {
  const d = stripDocument(value);
  if (!PUNCTUATION_ONLY.test(value) || !/^\d{11}$/.test(d) || /^(\d)\1{10}$/.test(d)) return false;
  for (const n of [9, 10]) {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += Number(d[i]) * (n + 1 - i);
    if (Number(d[n]) !== ((sum * 10) % 11) % 10) return false;
  }
  return true;
}

const CNPJ_WEIGHTS = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

export function isValidCNPJ(value: string): boolean {
  const d = stripDocument(value);
  if (!PUNCTUATION_ONLY.test(value) || !/^[0-9A-Z]{12}\d{2}$/.test(d) || /^(.)\1{13}$/.test(d)) return false;
  for (const n of [12, 13]) {
    let sum = 0;
    // Each character is worth its code minus 48 ('0' is 0, 'A' is 17), as the Receita Federal defines.
    for (let i = 0; i < n; i++) sum += (d.charCodeAt(i) - 48) * CNPJ_WEIGHTS[i + 13 - n]!;
    const rest = sum % 11;
    if (Number(d[n]) !== (rest < 2 ? 0 : 11 - rest)) return false;
  }
  return true;
}

// The masks (a masked textbox's: 9 a digit, * a letter or digit) that name a CPF or a CNPJ, as the
// server's brdoc.KindOfMask reads them.
const DOCUMENT_MASKS: Record<string, 'CPF' | 'CNPJ'> = {
  '999.999.999-99': 'CPF',
  '99999999999': 'CPF',
  '99.999.999/9999-99': 'CNPJ',
  '99999999999999': 'CNPJ',
  '**.***.***/****-99': 'CNPJ',
  '************99': 'CNPJ',
};

/** 'CPF' or 'CNPJ' when a mask is one of theirs: such a field checks the number's check digits. */
export function documentKindOfMask(mask: string): 'CPF' | 'CNPJ' | undefined {
  return DOCUMENT_MASKS[mask];
}

/** Whether value is a valid number of the kind (anything is, without a kind). */
export function isValidDocument(kind: 'CPF' | 'CNPJ' | undefined, value: string): boolean {
  if (kind === 'CPF') return isValidCPF(value);
  if (kind === 'CNPJ') return isValidCNPJ(value);
  return true;
}
