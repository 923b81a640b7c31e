import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { getActionsFromStatus } from '../workflow';
import type { KanbanBoard, KanbanCard } from './api';
import { targetsFrom, withoutFullColumns } from './board';

export interface CardDrag {
  /** The card being dragged, as the board draws it. */
  dragging: KanbanCard | null;
  /** The columns the dragged card may go to; null while the workflow's answer is on its way. */
  targets: Set<number> | null;
  /** The cell ("{lane}:{column}") the card is over. */
  over: string | null;
  startDrag: (card: KanbanCard) => void;
  endDrag: () => void;
  /** A dragover on a cell: false when no card of this board is dragged (the cell takes nothing). */
  dragOver: (cellKey: string) => boolean;
  dragLeave: (cellKey: string) => void;
  /** The dragged card as the drop sees it, the drag ended. */
  drop: () => KanbanCard | null;
}

/** Dragging a card: the columns its workflow leads to (full ones left out on a strict board), and the cell under it. */
export function useCardDrag(board: KanbanBoard): CardDrag {
  const queryClient = useQueryClient();
  const componentId = board.view.componentId;
  const [dragging, setDragging] = useState<KanbanCard | null>(null);
  // The dragged card as the drag events see it: set in dragstart itself, so a dragover or drop that
  // comes before React renders the new state still finds it.
  const dragged = useRef<KanbanCard | null>(null);
  const [targets, setTargets] = useState<Set<number> | null>(null);
  const [over, setOver] = useState<string | null>(null);

  const startDrag = useCallback(
    (card: KanbanCard) => {
      dragged.current = card;
      setDragging(card);
      setTargets(null);
      queryClient
        .fetchQuery({
          queryKey: ['workflow', 'fromStatus', componentId, card.statusId],
          queryFn: ({ signal }) => getActionsFromStatus(componentId, card.statusId, signal),
          staleTime: 60_000,
        })
        .then((actions) =>
          setTargets(withoutFullColumns(targetsFrom(actions, card.statusId), board.columns, board.wipStrict)),
        )
        .catch(() => setTargets(new Set()));
    },
    [queryClient, componentId, board.columns, board.wipStrict],
  );
  const endDrag = useCallback(() => {
    dragged.current = null;
    setDragging(null);
    setTargets(null);
    setOver(null);
  }, []);
  // A drag that ends anywhere ends here too: the card's own dragend does not come when a reload
  // took its element out of the page meanwhile.
  useEffect(() => {
    if (!dragging) return undefined;
    window.addEventListener('dragend', endDrag, true);
    window.addEventListener('drop', endDrag);
    return () => {
      window.removeEventListener('dragend', endDrag, true);
      window.removeEventListener('drop', endDrag);
    };
  }, [dragging, endDrag]);

  const dragOver = (cellKey: string) => {
    if (!dragged.current) return false;
    if (over !== cellKey) setOver(cellKey);
    return true;
  };
  const dragLeave = (cellKey: string) => setOver((o) => (o === cellKey ? null : o));
  const drop = () => {
    const card = dragged.current;
    endDrag();
    return card;
  };

  return { dragging, targets, over, startDrag, endDrag, dragOver, dragLeave, drop };
}
