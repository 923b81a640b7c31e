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
import { getActions, triggerAction, type ActionView, useActionAnswers } from '../workflow';
import { setLane, type KanbanCard, type KanbanColumn } from './api';
import { actionsTo, laneOf, laneValue, wipState, type LaneTarget } from './board';
import './i18n';

interface Choosing {
  actions: ActionView[];
  resolve: (action: ActionView | null) => void;
}

/**
 * A card whose move runs: shown where it goes meanwhile. Once the server accepted it (done), it
 * stays so until the board shows the reloaded cards, so the card does not jump back to where it
 * was for the moment between the answer and the reloaded board.
 */
interface Pending {
  cardId: number;
  from: number;
  to: number;
  /** The swimlane it goes to as well (a drop into another lane). */
  lane?: LaneTarget;
  done?: boolean;
  /** The board shown when the reload ended, and the reloaded one. */
  before?: unknown;
  awaiting?: unknown;
}

/**
 * Whether an accepted move is shown by the board's own cards now: the reloaded board is the one
 * shown (the same object as before when nothing changed), or another board altogether (a new
 * query or search).
 */
function settled(p: Pending, board: unknown): boolean {
  return !!p.done && (p.awaiting === undefined || board === p.awaiting || board !== p.before);
}

export interface CardMove {
  /** The card whose transition runs, shown in the column it goes to meanwhile. */
  pending: { cardId: number; to: number; lane?: LaneTarget } | null;
  /** A column that refused a card a moment ago (it flashes). */
  refused: number | null;
  /** Moves a card to a column and, when given, into a swimlane (its field takes the lane's value). */
  move: (card: KanbanCard, toStatusId: number, lane?: LaneTarget) => Promise<void>;
  dialogs: ReactNode;
}

/**
 * Moving a card to another column runs the workflow action that leads there: getActions for the
 * card (what the caller may run on it), the action ending in that column (a choice when several
 * do), a confirmation past the column's WIP limit (a refusal when the board's limits are strict), the reason and responsible dialogs the action
 * asks for, then triggerAction. When no action leads there, or the server refuses (a rule's
 * message, a permission), the card goes back and the refusal is shown. A drop into another
 * swimlane then gives the lane's value to its field (setLane); refused, the card goes back to its
 * lane (in its new column when the transition went through).
 */
export function useCardMove(
  componentId: number,
  columns: KanbanColumn[],
  /** Reloads the board after a move; answers the reloaded board (the board prop to wait for). */
  onMoved: () => Promise<unknown>,
  /** The board's WIP limits are strict: a move past one is refused (the server refuses it too). */
  wipStrict = false,
  /** The board's view (setLane). */
  viewId = 0,
  /** The board shown (its identity changes when the reloaded one arrives). */
  board: unknown = columns,
): CardMove {
  const { t } = useTranslation('kanban');
  const { enqueueSnackbar } = useSnackbar();
  const { confirm } = useDialogs();
  const { ask, dialog } = useActionAnswers();
  const [state, setPending] = useState<Pending | null>(null);
  const pending = state && !settled(state, board) ? state : null;
  if (state && !pending) setPending(null);
  // The board of the last render: what was shown when the reload after a move ended.
  const latest = useRef(board);
  useEffect(() => {
    latest.current = board;
  }, [board]);
  const [refused, setRefused] = useState<number | null>(null);
  const [choosing, setChoosing] = useState<Choosing | null>(null);

  const refuse = useCallback(
    (statusId: number, message: string, variant: 'warning' | 'error') => {
      setPending(null);
      setRefused(statusId);
      setTimeout(() => setRefused((r) => (r === statusId ? null : r)), 1500);
      enqueueSnackbar(message, { variant });
    },
    [enqueueSnackbar],
  );

  const move = useCallback(
    async (card: KanbanCard, to: number, lane?: LaneTarget) => {
      const from = columns.find((c) => c.id === card.statusId);
      const target = columns.find((c) => c.id === to);
      let laneChange = lane && laneOf(card, lane.field) !== lane.key ? lane : undefined;
      if (!target || pending || (card.statusId === to && !laneChange)) return;
      setPending({ cardId: card.id, from: card.statusId, to, lane: laneChange });
      let stamp = card.modificationDateTicks;
      const transition = card.statusId !== to;
      if (transition) {
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
          const action =
            options.length === 1
              ? options[0]!
              : await new Promise<ActionView | null>((resolve) => setChoosing({ actions: options, resolve }));
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
          enqueueSnackbar(t('moved', { count: 1, status: action.to.name }), { variant: 'success' });
          stamp = result.items.find((i) => i.id === card.id)?.modificationDateTicks ?? stamp;
          // The responsible chosen in the action's dialog is the user's last word on it.
          if (laneChange?.field === 'ResponsibleName' && answers.responsibleId) laneChange = undefined;
        } catch (error) {
          refuse(to, error instanceof Error ? error.message : String(error), 'error');
          return;
        }
      }
      if (laneChange) {
        try {
          const result = await setLane(viewId, card.id, laneChange.field, laneValue(laneChange), stamp);
          enqueueSnackbar(result.Message, { variant: 'success' });
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          // Nothing changed: the card goes back. After a transition it stays in its new column, in its old lane.
          if (!transition) return refuse(to, message, 'error');
          enqueueSnackbar(message, { variant: 'error' });
          setPending((p) => (p && p.cardId === card.id ? { ...p, lane: undefined } : p));
        }
      }
      let reloaded: unknown;
      try {
        reloaded = await onMoved();
      } catch (error) {
        // Moved, but the board could not reload: its refresh button will.
        setPending(null);
        enqueueSnackbar(error instanceof Error ? error.message : String(error), { variant: 'error' });
        return;
      }
      // The card stays where it went, busy, until the reloaded board shows it there.
      setPending((p) =>
        p && p.cardId === card.id ? { ...p, done: true, before: latest.current, awaiting: reloaded } : p,
      );
    },
    [columns, componentId, viewId, pending, refuse, t, confirm, ask, enqueueSnackbar, onMoved, wipStrict],
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
