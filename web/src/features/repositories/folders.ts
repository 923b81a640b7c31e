import type { Folder } from './api';

/** A folder with its depth, in the tree's reading order. */
export interface TreeLine {
  folder: Folder;
  depth: number;
}

/** The folders in the order a tree shows them: each followed by its own, by name, depth from 0. */
export function treeLines(folders: Folder[]): TreeLine[] {
  const children = new Map<number | null, Folder[]>();
  for (const f of folders) {
    const list = children.get(f.parentId) ?? [];
    list.push(f);
    children.set(f.parentId, list);
  }
  const out: TreeLine[] = [];
  const walk = (parent: number | null, depth: number) => {
    const list = [...(children.get(parent) ?? [])].sort((a, b) => a.name.localeCompare(b.name));
    for (const folder of list) {
      out.push({ folder, depth });
      walk(folder.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

/** "Contratos / 2025": a folder's place, from the top. */
export function folderPath(folders: Folder[], id: number): string {
  const byId = new Map(folders.map((f) => [f.id, f]));
  const names: string[] = [];
  for (let f = byId.get(id); f && names.length < 100; f = f.parentId === null ? undefined : byId.get(f.parentId)) {
    names.unshift(f.name);
  }
  return names.join(' / ');
}
