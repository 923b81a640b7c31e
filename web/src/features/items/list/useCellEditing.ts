import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/client';
import { updateItemField } from './api';
import { clearedDependents, editOutcome, rowAfterSave, ticksOf } from './cellEdit';
import { PENDING_EDIT, type PendingEdit } from './editColumns';
import type { ItemColumn, ItemPage, ItemRow } from './types';

/**
 * The grid's processRowUpdate for cell edits: sends updateItemField with the row's version and
 * answers the row to show. Saved: the server's values and a toast (and one for each dependent
 * picklist the server emptied with its parent's new value). Refused: the old row (the cell
 * goes back) and the server's Message. Changed by someone else meanwhile (409): the old row, a
 * toast saying so, and the page asked again so the row shows what is stored now.
 */
export function useCellEditing(componentId: number, columns: ItemColumn[], lang: string, pageKey: readonly unknown[]) {
  const { t } = useTranslation('items');
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();

  const processRowUpdate = useCallback(
    async (newRow: ItemRow, oldRow: ItemRow): Promise<ItemRow> => {
      const pending = newRow[PENDING_EDIT] as PendingEdit | undefined;
      const column = pending && columns.find((c) => c.field === pending.field);
      if (!pending || !column) return oldRow;
      const outcome = editOutcome(column, oldRow, pending.value, lang);
      if (outcome.kind === 'same') return oldRow;
      if (outcome.kind === 'invalid') {
        // The editor keeps such a text in the cell; this is the last guard before the wire.
        enqueueSnackbar(`${column.header}: ${t(`list.edit.${outcome.problem}`)}`, { variant: 'error' });
        return oldRow;
      }
      try {
        const saved = await updateItemField({
          itemId: oldRow.id,
          componentId,
          field: column.field,
          value: outcome.value,
          modificationDateTicks: ticksOf(oldRow.LastModify),
        });
        const row = rowAfterSave(oldRow, columns, column.field, saved);
        // The page's cache keeps the saved row: a later render of the same page shows it too.
        queryClient.setQueryData<ItemPage>(
          pageKey,
          (page) => page && { ...page, rows: page.rows.map((r) => (r.id === row.id ? row : r)) },
        );
        enqueueSnackbar(t('list.edit.saved', { field: column.header }), { variant: 'success' });
        // The server empties a dependent picklist the parent's new value leaves out: say so.
        for (const dependent of clearedDependents(columns, column.field, oldRow, row)) {
          enqueueSnackbar(t('list.edit.dependentCleared', { field: dependent.header, parent: column.header }), {
            variant: 'info',
          });
        }
        return row;
      } catch (error) {
        if (isApiError(error) && error.status === 409) {
          enqueueSnackbar(t('list.edit.stale', { title: String(oldRow.Title ?? oldRow.FormattedID ?? oldRow.id) }), {
            variant: 'warning',
          });
          void queryClient.invalidateQueries({ queryKey: pageKey, exact: true });
        } else {
          enqueueSnackbar(error instanceof Error ? error.message : String(error), { variant: 'error' });
        }
        return oldRow;
      }
    },
    [columns, componentId, enqueueSnackbar, lang, pageKey, queryClient, t],
  );

  const onProcessRowUpdateError = useCallback(
    (error: unknown) => enqueueSnackbar(error instanceof Error ? error.message : String(error), { variant: 'error' }),
    [enqueueSnackbar],
  );

  return { processRowUpdate, onProcessRowUpdateError };
}
