import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { DialogCancelled, useDialogs } from '../../components/dialogs/useDialogs';
import { saveWipLimits, type KanbanBoard, type KanbanColumn } from './api';
import './i18n';

/**
 * A column's work-in-progress limit, as its header's menu sets it: asked for in a dialog, saved with
 * the other columns' limits, then the board reloads.
 */
export function useWipLimits(board: KanbanBoard, refresh: () => Promise<unknown>) {
  const { t } = useTranslation('kanban');
  const { enqueueSnackbar } = useSnackbar();
  const { prompt } = useDialogs();

  return async (column: KanbanColumn) => {
    let answer: string;
    try {
      const label =
        column.wipDefault > 0
          ? t('wipPromptDefault', { name: column.name, limit: column.wipDefault })
          : t('wipPrompt', { name: column.name });
      answer = await prompt({ title: t('wipSet'), label, defaultValue: String(column.wipLimit), required: true });
    } catch (error) {
      if (error instanceof DialogCancelled) return;
      throw error;
    }
    const limit = Number(answer.trim());
    if (!Number.isInteger(limit) || limit < 0 || limit > 10000) {
      enqueueSnackbar(t('wipInvalid'), { variant: 'warning' });
      return;
    }
    const limits = board.columns.map((c) => ({ statusId: c.id, limit: c.id === column.id ? limit : c.wipLimit }));
    try {
      await saveWipLimits(board.view.id, limits);
      enqueueSnackbar(t('wipSaved'), { variant: 'success' });
      await refresh();
    } catch (error) {
      enqueueSnackbar(error instanceof Error ? error.message : String(error), { variant: 'error' });
    }
  };
}
