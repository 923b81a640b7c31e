import { screen, within } from '@testing-library/react';

type Scope = Pick<typeof screen, 'getByRole'>;
/** userEvent itself or a setup() of it. */
interface Typist {
  click: (element: Element) => Promise<unknown>;
  keyboard: (keys: string) => Promise<unknown>;
}

/** A date input (components/DateInput) by its label: MUI X's field is a group of spinbutton sections. */
export function dateInput(scope: Scope, name: string): HTMLElement {
  return scope.getByRole('group', { name });
}

/** The text a date input holds (its hidden input), in the field's format. */
export function dateText(group: HTMLElement): string {
  return group.querySelector('input')?.value ?? '';
}

/** Types into a date input from its first section, as a keyboard does (25122026 for 25/12/2026). */
export async function typeDate(user: Typist, group: HTMLElement, keys: string): Promise<void> {
  await user.click(within(group).getAllByRole('spinbutton')[0]!);
  await user.keyboard(keys);
}
