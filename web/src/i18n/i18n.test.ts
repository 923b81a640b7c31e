import { describe, expect, it } from 'vitest';
import en from './en.json';
import ptBR from './pt-BR.json';
import { normalizeLanguage } from './language';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

describe('i18n resources', () => {
  it('pt-BR and en have the same keys', () => {
    expect(keys(en).sort()).toEqual(keys(ptBR).sort());
  });

  it('has no empty translations', () => {
    const flat = (value: unknown): unknown[] =>
      typeof value === 'object' && value !== null ? Object.values(value).flatMap(flat) : [value];
    for (const text of [...flat(ptBR), ...flat(en)]) {
      expect(typeof text === 'string' && text.trim().length > 0).toBe(true);
    }
  });

  it('uses the texts of the spec', () => {
    expect(ptBR.error.networkError).toBe('Erro de Rede. Verifique sua conexão e tente novamente.');
    expect(ptBR.maintenance.title).toBe('EM MANUTENÇÃO');
    expect(ptBR.maintenance.description).toBe('O sistema encontra-se em manutenção e voltará em instantes.');
    expect(ptBR.notFound.description).toBe('A página não foi encontrada');
    expect(ptBR.validation.required).toBe('Obrigatório');
    expect(en.validation.required).toBe('required');
    expect(ptBR.validation.passwordsDontMatch).toBe('As senhas não são iguais');
    expect(ptBR.changePassword.success).toBe('Senha alterada com sucesso');
    expect(ptBR.changePassword.title).toBe('Alterar a Senha');
    expect(ptBR.terms.required).toBe('Para conseguir acessar é obrigatório aceitar o termo de uso');
    expect(ptBR.mfa.validate.title).toBe('Autenticação em duas etapas');
    expect(en.mfa.validate.title).toBe('Two-step authentication');
  });
});

// Every feature namespace (features/<name>[/<part>]/i18n/{pt-BR,en}.json) keeps the same rules.
const featureTexts = import.meta.glob<{ default: object }>('../features/**/i18n/*.json', { eager: true });
const namespaces = [
  ...new Set(Object.keys(featureTexts).map((path) => path.replace(/^\.\.\/features\//, '').replace(/\/i18n\/.*$/, ''))),
];

/** The plural keys (`x_one`) of a namespace that have no `x_zero` beside them. */
function oneWithoutZero(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [];
  const record = value as Record<string, unknown>;
  return Object.entries(record).flatMap(([key, child]) => {
    const here = key.endsWith('_one') && !(`${key.slice(0, -4)}_zero` in record) ? [`${prefix}${key}`] : [];
    return [...here, ...oneWithoutZero(child, `${prefix}${key}.`)];
  });
}

it('pt-BR says 0 with the plural everywhere (CLDR puts 0 in "one" for Portuguese: "0 item")', () => {
  for (const texts of [
    ptBR,
    ...Object.entries(featureTexts)
      .filter(([p]) => p.endsWith('pt-BR.json'))
      .map(([, m]) => m.default),
  ]) {
    expect(oneWithoutZero(texts)).toEqual([]);
  }
});

it('finds the feature namespaces', () => {
  expect(namespaces).toEqual(expect.arrayContaining(['admin', 'items', 'forms', 'kanban', 'operations', 'workflow']));
});

describe.each(namespaces)('feature namespace %s', (namespace) => {
  const ptBRTexts = featureTexts[`../features/${namespace}/i18n/pt-BR.json`]?.default;
  const enTexts = featureTexts[`../features/${namespace}/i18n/en.json`]?.default;

  it('has both languages with the same keys', () => {
    expect(ptBRTexts).toBeDefined();
    expect(enTexts).toBeDefined();
    expect(keys(enTexts).sort()).toEqual(keys(ptBRTexts).sort());
  });

  it('has no empty translations', () => {
    const flat = (value: unknown): unknown[] =>
      typeof value === 'object' && value !== null ? Object.values(value).flatMap(flat) : [value];
    for (const text of [...flat(ptBRTexts), ...flat(enTexts)]) {
      expect(typeof text === 'string' && text.trim().length > 0).toBe(true);
    }
  });
});

describe('normalizeLanguage', () => {
  it.each([
    ['pt-br', 'pt-BR'],
    ['pt-BR', 'pt-BR'],
    ['pt', 'pt-BR'],
    ['en', 'en'],
    ['en-US', 'en'],
    ['fr', undefined],
    ['', undefined],
    [null, undefined],
  ])('%s → %s', (input, expected) => {
    expect(normalizeLanguage(input)).toBe(expected);
  });
});
