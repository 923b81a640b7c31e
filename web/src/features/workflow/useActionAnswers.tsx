import { useCallback, useState, type ReactNode } from 'react';
import type { ActionAnswers, ActionView } from './api';
import { ChangeReasonDialog } from './ChangeReasonDialog';
import { CommentAndResponsibleDialog } from './CommentAndResponsibleDialog';

interface Asking {
  componentId: number;
  ids: number[];
  action: ActionView;
  resolve: (answers: ActionAnswers | null) => void;
}

/** Which dialog an action needs: the responsible one covers a reason too. */
export function dialogFor(action: ActionView): 'responsible' | 'reason' | null {
  if (action.asksResponsible) return 'responsible';
  if (action.asksReason || action.requiresReason) return 'reason';
  return null;
}

/**
 * Asks what an action needs before it runs: `await ask(componentId, ids, action)` opens the
 * comment-and-responsible or the change-reason dialog when the action asks for them, and gives
 * the answers, or null when the user cancels. Render `dialog` somewhere in the screen.
 */
export function useActionAnswers(): {
  ask: (componentId: number, ids: number[], action: ActionView) => Promise<ActionAnswers | null>;
  dialog: ReactNode;
} {
  const [asking, setAsking] = useState<Asking | null>(null);
  const ask = useCallback((componentId: number, ids: number[], action: ActionView) => {
    if (dialogFor(action) === null) return Promise.resolve<ActionAnswers | null>({ reason: '', responsibleId: null });
    return new Promise<ActionAnswers | null>((resolve) => setAsking({ componentId, ids, action, resolve }));
  }, []);
  const close = (answers: ActionAnswers | null) => {
    asking?.resolve(answers);
    setAsking(null);
  };
  let dialog: ReactNode = null;
  if (asking) {
    dialog =
      dialogFor(asking.action) === 'responsible' ? (
        <CommentAndResponsibleDialog
          componentId={asking.componentId}
          ids={asking.ids}
          action={asking.action}
          onClose={close}
        />
      ) : (
        <ChangeReasonDialog action={asking.action} onClose={close} />
      );
  }
  return { ask, dialog };
}
