/**
 * Text masks of masked textboxes, phones and ZIP codes: '9' a digit, 'a' a
 * letter, '*' either; every other character is literal and typed by the mask itself.
 */
function fits(slot: string, char: string): boolean {
  if (slot === '9') return /\d/.test(char);
  if (slot === 'a') return /\p{L}/u.test(char);
  if (slot === '*') return /[\p{L}\d]/u.test(char);
  return false;
}

const isSlot = (char: string) => char === '9' || char === 'a' || char === '*';

/** Lays what was typed over the mask: characters that fit no slot are dropped, literals inserted. */
export function applyMask(text: string, mask: string): string {
  let out = '';
  let at = 0;
  for (let i = 0; i < mask.length && at < text.length; i++) {
    const slot = mask.charAt(i);
    if (!isSlot(slot)) {
      out += slot;
      if (text.charAt(at) === slot) at++;
      continue;
    }
    while (at < text.length && !fits(slot, text.charAt(at))) at++;
    if (at >= text.length) {
      // Nothing more fits: do not end on a literal the user did not reach.
      return out.replace(/[^\p{L}\d]+$/u, '');
    }
    out += text.charAt(at++);
  }
  return out;
}

/** Whether the text fills the whole mask. */
export function isMaskComplete(text: string, mask: string): boolean {
  if (text.length !== mask.length) return false;
  for (let i = 0; i < mask.length; i++) {
    const slot = mask.charAt(i);
    const char = text.charAt(i);
    if (isSlot(slot) ? !fits(slot, char) : char !== slot) return false;
  }
  return true;
}

/** docs/app-packages.md: a Phone's mask; land lines are one digit shorter. */
export const MOBILE_PHONE_MASK = '(99) 99999-9999';
export const LAND_LINE_MASK = '(99) 9999-9999';
export const ZIP_MASK = '99999-999';

/** The mask a phone follows for its digits: ten digits are a land line under the default mask. */
export function phoneMaskFor(text: string, mask: string = MOBILE_PHONE_MASK): string {
  if (mask !== MOBILE_PHONE_MASK) return mask;
  return text.replace(/\D/g, '').length === 10 ? LAND_LINE_MASK : MOBILE_PHONE_MASK;
}
