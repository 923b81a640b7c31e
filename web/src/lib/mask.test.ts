import { describe, expect, it } from 'vitest';
import { applyMask, isMaskComplete, LAND_LINE_MASK, MOBILE_PHONE_MASK, phoneMaskFor, ZIP_MASK } from './mask';

describe('masks', () => {
  it('lays typed characters over the slots and writes the literals', () => {
    expect(applyMask('abc1234', 'aaa-9999')).toBe('abc-1234');
    expect(applyMask('ab1', 'aaa-9999')).toBe('ab');
    expect(applyMask('11987654321', MOBILE_PHONE_MASK)).toBe('(11) 98765-4321');
    expect(applyMask('01310100', ZIP_MASK)).toBe('01310-100');
    expect(applyMask('013', ZIP_MASK)).toBe('013');
  });

  it('knows when the mask is filled', () => {
    expect(isMaskComplete('ABC-1234', 'aaa-9999')).toBe(true);
    expect(isMaskComplete('AB1-1234', 'aaa-9999')).toBe(false);
    expect(isMaskComplete('01310-10', ZIP_MASK)).toBe(false);
  });

  it('gives land lines the shorter phone mask', () => {
    expect(phoneMaskFor('(11) 3456-7890')).toBe(LAND_LINE_MASK);
    expect(phoneMaskFor('(11) 93456-7890')).toBe(MOBILE_PHONE_MASK);
    expect(phoneMaskFor('1234', '9999')).toBe('9999');
  });
});
