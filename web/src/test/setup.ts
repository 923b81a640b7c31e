import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { resetSessionForTests } from '../app/session';
import i18n from '../i18n';

beforeEach(async () => {
  window.localStorage.clear();
  resetSessionForTests();
  await i18n.changeLanguage('pt-BR');
});

afterEach(() => {
  cleanup();
});
