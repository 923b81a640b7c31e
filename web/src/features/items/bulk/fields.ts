import {
  checkFields,
  fieldsOf,
  itemKeyOf,
  toItemValue,
  type FieldProblem,
  type FieldSpec,
  type FieldValidation,
  type FormControl,
  type FormValues,
} from '../../forms';

/** A field the user may pick in a bulk edit: the form's control and the item keys it writes (an address writes its parts too). */
export interface BulkChoice {
  /** The item key of the control's own field: the choice's identity. */
  key: string;
  label: string;
  control: FormControl;
  fields: FieldSpec[];
}

/**
 * The fields a bulk edit offers: every control of the form (getForm in bulk mode) that writes a
 * value, in form order, except read-only and hidden ones (the server refuses what the form does
 * not write). A key two controls write is offered once.
 */
export function bulkChoices(tree: FormControl): BulkChoice[] {
  const choices: BulkChoice[] = [];
  const byOwner = new Map<FormControl, BulkChoice>();
  const seen = new Set<string>();
  for (const field of fieldsOf(tree)) {
    const owner = field.owner;
    if (owner.readOnly || owner.hidden) continue;
    let choice = byOwner.get(owner);
    if (!choice) {
      if (field.part !== undefined || seen.has(field.key)) continue;
      choice = { key: field.key, label: owner.label || field.key, control: owner, fields: [] };
      byOwner.set(owner, choice);
      choices.push(choice);
    }
    if (seen.has(field.key)) continue;
    seen.add(field.key);
    choice.fields.push(field);
  }
  return choices;
}

/**
 * The choices with the picklists they depend on: a dependent picklist's options follow its
 * parent's value, and the server checks the pair, so picking the child brings the parent along.
 */
export function withParents(picked: BulkChoice[], all: BulkChoice[]): BulkChoice[] {
  const out = [...picked];
  const has = (key: string) => out.some((c) => c.key === key);
  for (let i = 0; i < out.length; i++) {
    const parent = out[i]!.control.dependsOn;
    if (!parent || has(itemKeyOf(parent))) continue;
    const found = all.find((c) => c.key === itemKeyOf(parent));
    if (!found) continue;
    out.splice(i, 0, found);
    i++;
  }
  return out;
}

/** The fields the picked choices write. */
export const fieldsOfChoices = (picked: BulkChoice[]): FieldSpec[] => picked.flatMap((c) => c.fields);

/** bulkUpdateItems' values: each picked field as saveItem takes it (an emptied field clears the value). */
export function bulkValues(picked: BulkChoice[], values: FormValues): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fieldsOfChoices(picked)) out[field.key] = toItemValue(field, values[field.key]);
  return out;
}

/** The checks of spec section 5 on the picked fields (all shown: a bulk edit has no showWhen). */
export function checkBulk(picked: BulkChoice[], values: FormValues): Record<string, FieldProblem> {
  const fields = fieldsOfChoices(picked);
  return checkFields(fields, values, new Set(fields.map((f) => f.key)));
}

/** The server's field messages by the keys the form holds (ResponsibleName writes ResponsibleID). */
export function serverFieldErrors(
  validations: FieldValidation[] | undefined,
  picked: BulkChoice[],
): Record<string, string> {
  const keys = new Set(fieldsOfChoices(picked).map((f) => f.key));
  const out: Record<string, string> = {};
  for (const v of validations ?? []) {
    const key = itemKeyOf(v.Field);
    if (keys.has(key)) out[key] = v.Message;
  }
  return out;
}
