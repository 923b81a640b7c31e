import type { ReactNode } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { KanbanColumn } from './api';
import { initials, NO_VALUE, type Lane } from './board';
import { COLUMN_WIDTH } from './BoardCell';
import { ColumnHeader } from './ColumnHeader';
import './i18n';

export interface BoardLanesProps {
  /** The board's title: the region's name. */
  title: string;
  columns: KanbanColumn[];
  lanes: Lane[];
  /** The board is one lane: no lane headers. */
  single: boolean;
  /** The field the lanes are of: a responsible's lane shows their avatar. */
  laneField: string;
  laneTitle: (lane: Lane) => string;
  /** How many lanes the board shows when it capped them (too many responsibles), else undefined. */
  capped: number | undefined;
  canConfigure: boolean;
  onSetWip: (column: KanbanColumn) => void;
  /** Something on the board took the focus. */
  onFocus: (target: HTMLElement) => void;
  renderCell: (lane: Lane, column: KanbanColumn) => ReactNode;
}

/** The board itself: the column headers, then a row of cells per lane, each lane under its header. */
export function BoardLanes({
  title,
  columns,
  lanes,
  single,
  laneField,
  laneTitle,
  capped,
  canConfigure,
  onSetWip,
  onFocus,
  renderCell,
}: BoardLanesProps) {
  const { t } = useTranslation('kanban');
  return (
    <Box
      role="region"
      aria-label={t('board', { name: title })}
      onFocus={(e) => onFocus(e.target as HTMLElement)}
      sx={{ overflowX: 'auto', pb: 1 }}
    >
      <Box sx={{ display: 'inline-flex', flexDirection: 'column', gap: 1, minWidth: '100%' }}>
        <Box sx={{ display: 'flex', gap: 1.5, position: 'sticky', top: 0, zIndex: 1 }}>
          {columns.map((c) => (
            <Box
              key={c.id}
              sx={{ width: COLUMN_WIDTH, flex: `0 0 ${COLUMN_WIDTH}px`, boxShadow: 1, borderRadius: '4px 4px 0 0' }}
            >
              <ColumnHeader column={c} shown={c.cards.length} canConfigure={canConfigure} onSetWip={onSetWip} />
            </Box>
          ))}
        </Box>
        {lanes.map((lane) => (
          <Box key={lane.key} role="group" aria-label={single ? undefined : laneTitle(lane)}>
            {!single && <LaneHeader lane={lane} title={laneTitle(lane)} avatar={laneField === 'ResponsibleName'} />}
            <Box sx={{ display: 'flex', gap: 1.5 }}>{columns.map((c) => renderCell(lane, c))}</Box>
          </Box>
        ))}
        {capped !== undefined && (
          <Typography
            variant="caption"
            color="text.secondary"
            sx={{ position: 'sticky', left: 0, width: 'fit-content' }}
          >
            {t('lanesCapped', { count: capped })}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

/** A lane's header: its colour (or its responsible's avatar), title and number of cards. */
function LaneHeader({ lane, title, avatar }: { lane: Lane; title: string; avatar: boolean }) {
  const { t } = useTranslation('kanban');
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{
        alignItems: 'center',
        py: lane.count > 0 ? 0.5 : 0.25,
        position: 'sticky',
        left: 0,
        width: 'fit-content',
        opacity: lane.count > 0 ? 1 : 0.75,
      }}
    >
      {avatar && lane.key !== NO_VALUE ? (
        // The lane's title beside it names the person: the initials are not read twice.
        <Avatar src={lane.avatar || undefined} alt="" aria-hidden sx={{ width: 24, height: 24, fontSize: 12 }}>
          {initials(lane.title)}
        </Avatar>
      ) : (
        <Box sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: lane.color || 'divider' }} />
      )}
      <Typography variant="subtitle2">{title}</Typography>
      <Typography variant="caption" color="text.secondary">
        {t('cards', { count: lane.count })}
      </Typography>
    </Stack>
  );
}
