/**
 * The deletion feature's public entry: the confirmation that deletes items, which the list's
 * selection toolbar and the item form use. The rest is its own.
 */
export { DeleteItemsDialog, type DeleteItemsDialogProps } from './DeleteItemsDialog';
