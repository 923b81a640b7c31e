import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(__dirname, '../../..');

/** The files a module pulls in by static imports (type-only imports and import() left out), transitively. */
function staticGraph(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const m of source.matchAll(/^import\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"](\.[^'"]+)['"]/gm)) {
      const base = path.resolve(path.dirname(file), m[1]);
      const found = ['.ts', '.tsx', '/index.ts', '/index.tsx', ''].map((ext) => base + ext).find((f) => existsSync(f));
      if (found && !found.endsWith('.json')) visit(found);
    }
  };
  visit(entry);
  return new Set([...seen].map((f) => path.relative(SRC, f)));
}

describe("the list's first chunk", () => {
  const graph = staticGraph(path.join(SRC, 'features/items/list/ItemListPage.tsx'));

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
