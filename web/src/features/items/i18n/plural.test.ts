import { describe, expect, it } from 'vitest';
import i18n from '../../../i18n';
import './index';

// CLDR puts 0 in Portuguese's "one" form ("0 item"); Brazilians write "0 itens".
describe('the list summary counts items', () => {
  it.each([
    ['pt-BR', 0, '0 itens'],
    ['pt-BR', 1, '1 item'],
    ['pt-BR', 2, '2 itens'],
    ['en', 0, '0 items'],
    ['en', 1, '1 item'],
  ])('%s, %d: %s', (lng, count, text) => {
    expect(i18n.getFixedT(lng, 'items')('list.items', { count })).toBe(text);
  });
});
