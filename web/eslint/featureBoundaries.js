/**
 * tramita/feature-boundaries: a feature (src/features/<x>) keeps its insides to itself.
 *
 * - Another feature imports only its public entry, src/features/<x>/index.ts ('../x', not '../x/api').
 * - src/api/, src/components/ and src/lib/, which the features share, import no feature.
 *
 * The rule resolves each relative import against the importing file, which ESLint's no-restricted-imports
 * cannot: it matches the import's text, and '../list/format' is the same feature from items/bulk/ but
 * another one from items/. It reads imports, re-exports, import(), `typeof import()` and vi.mock().
 */
import path from 'node:path';

const SRC = path.resolve(import.meta.dirname, '../src');
const SHARED = ['api', 'components', 'lib'];

/** The place of a file under src/: ['features', 'items', 'list', 'format'], or null outside src/. */
function placeOf(file) {
  const rel = path.relative(SRC, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  return rel.replace(/\.(tsx?|jsx?)$/, '').split(path.sep);
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: "A feature imports another feature only through that feature's index.ts" },
    schema: [],
    messages: {
      inside:
        "'{{source}}' is inside the {{target}} feature: import what it exports from '{{entry}}' (its index.ts), " +
        'or move what both features share to src/components/ or src/lib/.',
      shared:
        "src/{{from}}/ is shared by the features and imports none of them: '{{source}}' is in features/{{target}}.",
    },
  },
  create(context) {
    const from = placeOf(context.filename);
    if (!from) return {};
    const fromFeature = from[0] === 'features' ? from[1] : null;
    const fromShared = SHARED.includes(from[0]) ? from[0] : null;
    if (!fromFeature && !fromShared) return {};

    function check(node, source) {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = placeOf(path.resolve(path.dirname(context.filename), source));
      if (!to || to[0] !== 'features' || to.length < 2) return;
      const target = to[1];
      if (fromShared) {
        context.report({ node, messageId: 'shared', data: { from: fromShared, source, target } });
        return;
      }
      if (target === fromFeature) return;
      const rest = to.slice(2);
      if (rest.length === 0 || (rest.length === 1 && rest[0] === 'index')) return;
      const entry = source.slice(0, source.lastIndexOf(target) + target.length);
      context.report({ node, messageId: 'inside', data: { source, target, entry } });
    }

    const literal = (node) => (node && node.type === 'Literal' ? node.value : undefined);
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => check(node.source, literal(node.source)),
      TSImportType: (node) => check(node, literal(node.argument?.literal ?? node.argument)),
      CallExpression(node) {
        const callee = node.callee;
        const vi =
          callee.type === 'MemberExpression' &&
          callee.object.type === 'Identifier' &&
          callee.object.name === 'vi' &&
          callee.property.type === 'Identifier' &&
          ['mock', 'doMock', 'unmock', 'importActual', 'importMock'].includes(callee.property.name);
        if (vi) check(node.arguments[0], literal(node.arguments[0]));
      },
    };
  },
};

export default { rules: { 'feature-boundaries': rule } };
