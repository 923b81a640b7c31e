import { useState } from 'react';
import type { KanbanBoard } from './api';

const laneStorageKey = (viewId: number) => `kanban.swimlane.${viewId}`;

function readLane(board: KanbanBoard): string {
  try {
    const stored = localStorage.getItem(laneStorageKey(board.view.id));
    if (stored !== null && (stored === '' || board.swimlanes.some((l) => l.field === stored))) return stored;
  } catch {
    // storage unavailable: the view's default
  }
  return board.swimlane;
}

/**
 * The field the board is split into lanes by ('' for none): the one the user last chose on this
 * view (this browser remembers it), else the view's own.
 */
export function useLaneField(board: KanbanBoard): [string, (field: string) => void] {
  const [laneField, setLaneField] = useState(() => readLane(board));
  const chooseLane = (field: string) => {
    setLaneField(field);
    try {
      localStorage.setItem(laneStorageKey(board.view.id), field);
    } catch {
      // not remembered
    }
  };
  return [laneField, chooseLane];
}
