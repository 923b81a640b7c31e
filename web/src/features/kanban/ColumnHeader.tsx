import { useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { textOn } from '../../theme/contrast';
import { visuallyHidden } from '../../theme/visuallyHidden';
import MoreHorizIcon from '@mui/icons-material/MoreHoriz';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { KanbanColumn } from './api';
import { wipState } from './board';
import './i18n';

export interface ColumnHeaderProps {
  column: KanbanColumn;
  /** Cards shown (after the text filter) in the column. */
  shown: number;
  canConfigure: boolean;
  onSetWip: (column: KanbanColumn) => void;
}

/** A column's total: its text, its words (read out) and its tooltip over the cards shown; "≈" an estimate, "≥" a lower bound. */
function totalTexts(column: KanbanColumn, shown: number, t: TFunction<'kanban'>) {
  const { total } = column;
  if (column.totalKind === 'estimate') {
    const short = t('totalEstimate', { count: total });
    return { short, words: t('cardsEstimate', { count: total }), of: t('countEstimate', { shown, total }) };
  }
  if (column.totalKind === 'atLeast') {
    const short = t('totalAtLeast', { count: total });
    return { short, words: t('cardsAtLeast', { count: total }), of: t('countAtLeast', { shown, total }) };
  }
  return { short: String(total), words: t('cards', { count: total }), of: t('count', { shown, total }) };
}

/**
 * A column's name and colour, its count, and its WIP limit: the header turns red past it with a
 * warning sign and text (a soft limit: moves still go through after a confirmation).
 */
export function ColumnHeader({ column, shown, canConfigure, onSetWip }: ColumnHeaderProps) {
  const { t } = useTranslation('kanban');
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const wip = wipState(column.total, column.wipLimit);
  const total = totalTexts(column, shown, t);
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        px: 1.5,
        py: 1,
        borderTop: 4,
        borderTopColor: column.color || 'divider',
        bgcolor: wip === 'over' ? 'error.main' : 'background.paper',
        color: wip === 'over' ? 'error.contrastText' : 'text.primary',
        borderRadius: '4px 4px 0 0',
      }}
    >
      <Typography variant="subtitle2" component="h2" noWrap sx={{ flex: 1, fontWeight: 600 }} title={column.name}>
        {column.name}
      </Typography>
      <Tooltip title={shown === column.total ? '' : total.of}>
        <Typography variant="caption">
          {/* Read as "37 cards" ("about 252453 cards (estimate)"), not a bare "37". */}
          <span aria-hidden>{total.short}</span>
          <Box component="span" sx={visuallyHidden}>
            {total.words}
          </Box>
        </Typography>
      </Tooltip>
      {wip !== 'none' && (
        <Tooltip title={wip === 'over' ? t('wipOver', { limit: column.wipLimit }) : ''}>
          <Chip
            size="small"
            label={`WIP ${total.short}/${column.wipLimit}`}
            aria-label={t('wip', { count: column.total, limit: column.wipLimit })}
            color={wip === 'over' ? 'default' : wip === 'full' ? 'warning' : 'default'}
            variant={wip === 'over' ? 'filled' : 'outlined'}
            sx={{
              height: 20,
              fontSize: 11,
              ...(wip === 'over' && { bgcolor: 'error.dark', color: (theme) => textOn(theme.palette.error.dark) }),
            }}
          />
        </Tooltip>
      )}
      {wip === 'over' && <WarningAmberIcon titleAccess={t('wipOver', { limit: column.wipLimit })} fontSize="small" />}
      {canConfigure && (
        <>
          <IconButton
            size="small"
            color="inherit"
            aria-label={t('columnMenu', { name: column.name })}
            onClick={(e) => setMenu(e.currentTarget)}
          >
            <MoreHorizIcon fontSize="small" />
          </IconButton>
          <Menu anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)}>
            <MenuItem onClick={() => (setMenu(null), onSetWip(column))}>{t('wipSet')}</MenuItem>
          </Menu>
        </>
      )}
    </Box>
  );
}
