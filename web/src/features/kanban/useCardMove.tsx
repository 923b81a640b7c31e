import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';
import { DialogCancelled, useDialogs } from '../../components/dialogs/useDialogs';
import { getActions, triggerAction, type ActionView, type TriggerResult } from '../workflow/api';
import { useActionAnswers } from '../workflow/useActionAnswers';
import type { KanbanCard, KanbanColumn } from './api';
import { actionsTo, wipState } from './board';
import './i18n';

interface Choosing {
  actions: ActionView[];
  resolve: (action: ActionView | null) => void;
}

/**
 * A card whose move runs: shown in the column it goes to meanwhile. Once the server accepted it
 * (done), it stays so until the board's cards change (the reload after the move), so the card does
 * not jump back to its old column for the moment between the answer and the reloaded board.
 */
interface Pending {
  cardId: number;
  from: number;
  to: number;
  done?: boolean;
  /** The board's columns when the move was accepted. */
  seen?: KanbanColumn[];
}

/** Whether an accepted move is shown by the board's own cards now: the pending state may go. */
function settled(p: Pending, columns: KanbanColumn[]): boolean {
  if (!p.done) return false;
  if (columns !== p.seen) return true;
  return !columns.some((c) => c.id === p.from && c.cards.some((card) => card.id === p.cardId));
}

export interface CardMove {
  /** The card whose transition runs, shown in the column it goes to meanwhile. */
  pending: { cardId: number; to: number } | null;
  /** A column that refused a card a moment ago (it flashes). */
  refused: number | null;
  move: (card: KanbanCard, toStatusId: number) => Promise<void>;
  dialogs: ReactNode;
}

/**
 * Moving a card to another column runs the workflow action that leads there: getActions for the
 * card (what the caller may run on it), the action ending in that column (a choice when several
 * do), a confirmation past the column's WIP limit (a refusal when the board's limits are strict), the reason and responsible dialogs the action
 * asks for, then triggerAction. When no action leads there, or the server refuses (a rule's
 * message, a permission), the card goes back and the refusal is shown.
 */
export function useCardMove(
  componentId: number,
  columns: KanbanColumn[],
  onMoved: (result: TriggerResult) => Promise<unknown>,
  /** The board's WIP limits are strict: a move past one is refused (the server refuses it too). */
  wipStrict = false,
): CardMove {
  const { t } = useTranslation('kanban');
  const { enqueueSnackbar } = useSnackbar();
  const { confirm } = useDialogs();
  const { ask, dialog } = useActionAnswers();
  const [state, setPending] = useState<Pending | null>(null);
  const pending = state && !settled(state, columns) ? state : null;
  if (state && !pending) setPending(null);
  // The columns of the last render: what the board showed when a move was accepted.
  const latest = useRef(columns);
  useEffect(() => {
    latest.current = columns;
  }, [columns]);
  const [refused, setRefused] = useState<number | null>(null);
  const [choosing, setChoosing] = useState<Choosing | null>(null);

  const refuse = useCallback((statusId: number, message: string, variant: 'warning' | 'error') => {
    setPending(null);
    setRefused(statusId);
    setTimeout(() => setRefused((r) => (r === statusId ? null : r)), 1500);
    enqueueSnackbar(message, { variant });
  }, [enqueueSnackbar]);

  const move = useCallback(
    async (card: KanbanCard, to: number) => {
      const from = columns.find((c) => c.id === card.statusId);
      const target = columns.find((c) => c.id === to);
      if (!target || card.statusId === to || pending) return;
      setPending({ cardId: card.id, from: card.statusId, to });
      try {
        let actions: ActionView[] = [];
        try {
          actions = await getActions(componentId, [card.id]);
        } catch (error) {
          if (!isApiError(error) || error.status !== 422) throw error;
        }
        const options = actionsTo(actions, to);
        if (options.length === 0) {
          refuse(to, t('refused', { from: from?.name ?? '', to: target.name }), 'warning');
          return;
        }
        const action = options.length === 1 ? options[0]! : await new Promise<ActionView | null>((resolve) => setChoosing({ actions: options, resolve }));
        if (!action) return setPending(null);
        if (wipState(target.total + 1, target.wipLimit) === 'over') {
          if (wipStrict) {
            refuse(to, t('wipFull', { name: target.name, limit: target.wipLimit }), 'warning');
            return;
          }
          try {
            await confirm(t('wipConfirm', { name: target.name, limit: target.wipLimit }), t('wipConfirmTitle'));
          } catch (error) {
            if (error instanceof DialogCancelled) return setPending(null);
            throw error;
          }
        }
        const answers = await ask(componentId, [card.id], action);
        if (!answers) return setPending(null);
        const result = await triggerAction(componentId, [card.id], action.id, answers);
        enqueueSnackbar(result.Message, { variant: 'success' });
        try {
          await onMoved(result);
        } catch (error) {
          // Moved, but the board could not reload: its refresh button will.
          setPending(null);
          enqueueSnackbar(error instanceof Error ? error.message : String(error), { variant: 'error' });
          return;
        }
        // The card stays in its new column, busy, until the reloaded board shows it there.
        setPending((p) => (p && p.cardId === card.id ? { ...p, done: true, seen: latest.current } : p));
      } catch (error) {
        refuse(to, error instanceof Error ? error.message : String(error), 'error');
      }
    },
    [columns, componentId, pending, refuse, t, confirm, ask, enqueueSnackbar, onMoved, wipStrict],
  );

  const choose = (action: ActionView | null) => {
    choosing?.resolve(action);
    setChoosing(null);
  };

  return {
    pending,
    refused,
    move,
    dialogs: (
      <>
        {dialog}
        {choosing && (
          <Dialog open onClose={() => choose(null)} aria-labelledby="choose-action-title">
            <DialogTitle id="choose-action-title">{t('chooseAction')}</DialogTitle>
            <List sx={{ minWidth: 320 }}>
              {choosing.actions.map((a) => (
                <ListItemButton key={a.id} onClick={() => choose(a)}>
                  <ListItemText primary={a.name} secondary={a.to.name} />
                </ListItemButton>
              ))}
            </List>
            <DialogActions>
              <Button onClick={() => choose(null)}>{t('cancel')}</Button>
            </DialogActions>
          </Dialog>
        )}
      </>
    ),
  };
}
