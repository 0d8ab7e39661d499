// ESLint: typed rules plus the layer rules of docs/ARCHITECTURE.md, each layer may import only what it stands on.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

const layer = (dir, forbidden, extraPatterns = []) => ({
  files: [`src/${dir}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          // Relative imports only: a package such as @rjsf/core is not the src/core layer.
          ...forbidden.map((other) => ({
            regex: `^\\.{1,2}/(.*/)?${other}(/|$)`,
            message: `src/${dir} may not import src/${other} (see docs/ARCHITECTURE.md, layers).`,
          })),
          ...extraPatterns,
        ],
      },
    ],
  },
});

const noElectron = { group: ['electron', 'electron/*'], message: 'Only src/main and src/preload may import electron.' };
const noReact = { group: ['react', 'react-dom', 'react/*', 'react-dom/*'], message: 'React belongs to src/renderer.' };
const noNode = { group: ['node:*', 'fs', 'path', 'child_process', 'ws'], message: 'The renderer runs in a browser.' };

export default tseslint.config(
  { ignores: ['out/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'e2e-artifacts/**', 'bench/tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        project: ['./tsconfig.test.json', './tsconfig.web.json', './tsconfig.electron.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/ban-ts-comment': ['error', { 'ts-ignore': true, 'ts-expect-error': true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'Server text is rendered as text, never as HTML.' },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      parserOptions: { project: false, projectService: false, program: null },
      globals: { process: 'readonly', console: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', setInterval: 'readonly', clearInterval: 'readonly', Buffer: 'readonly', URL: 'readonly', fetch: 'readonly' },
    },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  layer('shared', ['core', 'main', 'preload', 'renderer', 'host', 'cli', 'demo'], [noElectron, noReact, noNode]),
  layer('core', ['main', 'preload', 'renderer', 'host', 'cli'], [noElectron, noReact]),
  layer('main', ['renderer', 'host', 'cli', 'preload'], [noReact]),
  layer('preload', ['core', 'main', 'renderer', 'host', 'cli'], [noReact]),
  layer('renderer', ['core', 'main', 'preload', 'host', 'cli', 'demo'], [noElectron, noNode]),
  layer('host', ['main', 'preload', 'renderer', 'cli'], [noElectron, noReact]),
  layer('cli', ['main', 'preload', 'renderer'], [noElectron, noReact]),
  layer('demo', ['main', 'preload', 'renderer', 'host', 'cli'], [noElectron, noReact]),
);
