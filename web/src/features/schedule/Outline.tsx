import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import FormatIndentDecrease from '@mui/icons-material/FormatIndentDecrease';
import FormatIndentIncrease from '@mui/icons-material/FormatIndentIncrease';
import { useTranslation } from 'react-i18next';
import type { ScheduledTask } from './api';
import { outlineParent, type OutlineMove } from './gantt';

interface OutlineButtonsProps {
  tasks: readonly ScheduledTask[];
  selected: ScheduledTask | null;
  disabled: boolean;
  onMove: (move: OutlineMove, parentId: number) => void;
}

/** The toolbar's indent and outdent of the selected task (for who may change the tasks). */
export function OutlineButtons({ tasks, selected, disabled, onMove }: OutlineButtonsProps) {
  const { t } = useTranslation('schedule');
  const button = (move: OutlineMove) => {
    const parent = outlineParent(tasks, selected, move);
    return (
      <Tooltip title={t(`${move}Shortcut`)}>
        <span>
          <Button
            startIcon={move === 'indent' ? <FormatIndentIncrease /> : <FormatIndentDecrease />}
            disabled={disabled || parent === null}
            aria-keyshortcuts={move === 'indent' ? 'Alt+Shift+ArrowRight' : 'Alt+Shift+ArrowLeft'}
            onClick={() => parent !== null && onMove(move, parent)}
          >
            {t(move)}
          </Button>
        </span>
      </Tooltip>
    );
  };
  return (
    <>
      {button('outdent')}
      {button('indent')}
    </>
  );
}
