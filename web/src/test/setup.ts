import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { resetSessionForTests } from '../app/session';
import i18n from '../i18n';

// The portal shell and the dialogs are lazy chunks: their first import in a run takes more than a
// second, and several seconds on a machine busy with the other suites.
configure({ asyncUtilTimeout: 10_000 });

beforeEach(async () => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  resetSessionForTests();
  await i18n.changeLanguage('pt-BR');
});

afterEach(() => {
  cleanup();
});
