import 'i18next';
import type ptBR from './pt-BR.json';

// Typed keys: t('login.submit') is checked against the pt-BR resource.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof ptBR };
    returnNull: false;
  }
}
