import { expect, type Locator, type Page } from '@playwright/test';

// The web app's dates are MUI X pickers: the field is a group (named by its label) of spinbutton
// sections, typed from the first section, with a hidden input holding the text in the field's format.

/** A date input by its label. */
export function dateInput(scope: Page | Locator, name: string): Locator {
  return scope.getByRole('group', { name, exact: true });
}

/** Types into a date input as a keyboard does, from its first section (15032026 for 15/03/2026). */
export async function typeDate(page: Page, input: Locator, digits: string): Promise<void> {
  await input.getByRole('spinbutton').first().click();
  await page.keyboard.type(digits);
}

/** Expects the text a date input holds. */
export async function expectDate(input: Locator, text: string): Promise<void> {
  await expect(input.locator('input')).toHaveValue(text);
}
