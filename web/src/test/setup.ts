import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { resetSessionForTests } from '../app/session';
import i18n from '../i18n';

// The portal shell is a larger lazy chunk: its first import in a run takes more than a second.
configure({ asyncUtilTimeout: 5000 });

beforeEach(async () => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  resetSessionForTests();
  await i18n.changeLanguage('pt-BR');
});

afterEach(() => {
  cleanup();
});
