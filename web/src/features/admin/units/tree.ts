import type { OrgUnit } from './api';

/** A unit with its sub-units, by name. */
export interface UnitNode {
  unit: OrgUnit;
  depth: number;
  children: UnitNode[];
}

/** Nests the flat list (ordered by name) under the parents; a unit whose parent is missing is a root. */
export function buildTree(units: OrgUnit[]): UnitNode[] {
  const ids = new Set(units.map((unit) => unit.id));
  const byParent = new Map<number | null, OrgUnit[]>();
  for (const unit of units) {
    const parent = unit.parentId !== null && ids.has(unit.parentId) ? unit.parentId : null;
    byParent.set(parent, [...(byParent.get(parent) ?? []), unit]);
  }
  const build = (parent: number | null, depth: number, seen: Set<number>): UnitNode[] =>
    (byParent.get(parent) ?? [])
      .filter((unit) => !seen.has(unit.id))
      .map((unit) => ({ unit, depth, children: build(unit.id, depth + 1, new Set([...seen, unit.id])) }));
  return build(null, 0, new Set());
}

/** The ids of unit id and every unit below it: where it may not be moved to. */
export function subtreeOf(units: OrgUnit[], id: number): Set<number> {
  const out = new Set([id]);
  let grown = true;
  while (grown) {
    grown = false;
    for (const unit of units) {
      if (unit.parentId !== null && out.has(unit.parentId) && !out.has(unit.id)) {
        out.add(unit.id);
        grown = true;
      }
    }
  }
  return out;
}

/** The path of a unit from the top, "Diretoria / TI", to tell units of the same name apart. */
export function pathOf(units: OrgUnit[], id: number): string {
  const byId = new Map(units.map((unit) => [unit.id, unit]));
  const names: string[] = [];
  const seen = new Set<number>();
  for (let unit = byId.get(id); unit && !seen.has(unit.id); unit = byId.get(unit.parentId ?? -1)) {
    seen.add(unit.id);
    names.unshift(unit.name);
  }
  return names.join(' / ');
}

/** The units whose name contains the text, with their ancestors (so the tree keeps its shape). */
export function filterUnits(units: OrgUnit[], wanted: (name: string) => boolean): OrgUnit[] {
  const byId = new Map(units.map((unit) => [unit.id, unit]));
  const keep = new Set<number>();
  for (const unit of units) {
    if (!wanted(unit.name)) continue;
    for (let u: OrgUnit | undefined = unit; u && !keep.has(u.id); u = byId.get(u.parentId ?? -1)) keep.add(u.id);
  }
  return units.filter((unit) => keep.has(unit.id));
}
