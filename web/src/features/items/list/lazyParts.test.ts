import { describe, expect, it } from 'vitest';

// Every source file as text, by its path under src/ (Vite reads them; the test needs no Node types).
const sources = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>(['../../../**/*.{ts,tsx}', '!**/*.test.{ts,tsx}'], {
      query: '?raw',
      import: 'default',
      eager: true,
    }),
  ).map(([key, text]) => [new URL(key, 'file:///features/items/list/').pathname.slice(1), text]),
);

/** The files a module pulls in by static imports (type-only imports and import() left out), transitively. */
function staticGraph(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = sources[file] ?? '';
    for (const m of source.matchAll(/^import\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"](\.[^'"]+)['"]/gm)) {
      const base = new URL(m[1]!, `file:///${file}`).pathname.slice(1);
      const found = ['.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => base + ext).find((f) => f in sources);
      if (found) visit(found);
    }
  };
  visit(entry);
  return seen;
}

it('reads the sources', () => {
  expect(Object.keys(sources).length).toBeGreaterThan(100);
  expect(sources['features/items/list/ItemListPage.tsx']).toContain('import');
});

describe("the list's first chunk", () => {
  const graph = staticGraph('features/items/list/ItemListPage.tsx');

  it('holds the grid and its header', () => {
    expect(graph).toContain('features/items/list/ItemGrid.tsx');
    expect(graph).toContain('features/items/list/ListHeader.tsx');
  });

  it.each([
    ['the cell editors and the date pickers they carry', 'features/items/list/CellEditors.tsx'],
    ['the date pickers', 'components/DateInput.tsx'],
    ["the import's preview", 'features/items/import/ImportPreview.tsx'],
    ['the bulk edit', 'features/items/bulk/BulkEditDialog.tsx'],
    ["the bulk operation's parameter form", 'features/operations/ParameterForm.tsx'],
  ])('leaves out %s, loaded when used', (_, file) => {
    expect(graph).not.toContain(file);
  });
});
