import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import tseslint from 'typescript-eslint';
import tramita from './eslint/featureBoundaries.js';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'coverage'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: {
      ecmaVersion: 2022,
      globals: globals.browser,
    },
    plugins: {
      'react-hooks': reactHooks,
      'react-refresh': reactRefresh,
      tramita,
    },
    rules: {
      ...reactHooks.configs['recommended-latest'].rules,
      'react-refresh/only-export-components': ['warn', { allowConstantExport: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // A feature imports another only through its index.ts; src/components/ and src/lib/ import no feature.
      'tramita/feature-boundaries': 'error',
      // MUI icons must be imported per path; the barrel pulls thousands of modules.
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: '@mui/icons-material', message: "Import icons per path: '@mui/icons-material/Visibility'." }],
        },
      ],
    },
  },
  {
    files: ['vite.config.ts', 'eslint.config.js', 'eslint/**/*.js'],
    languageOptions: { globals: globals.node },
  },
  {
    // The route table is data, not a component module; editing it reloads the page.
    files: ['**/*.test.{ts,tsx}', 'src/test/**', 'src/app/routes.tsx'],
    rules: { 'react-refresh/only-export-components': 'off' },
  },
);
