import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useTranslation } from 'react-i18next';
import type { KanbanBoard } from './api';
import './i18n';

export interface BoardToolbarProps {
  board: KanbanBoard;
  onQuery: (queryID: number) => void;
  laneField: string;
  onLane: (field: string) => void;
  text: string;
  onText: (text: string) => void;
  onRefresh: () => void;
  refreshing: boolean;
}

/** The board's toolbar: its query, the field it is split into lanes by, the text filter, and a reload. */
export function BoardToolbar({
  board,
  onQuery,
  laneField,
  onLane,
  text,
  onText,
  onRefresh,
  refreshing,
}: BoardToolbarProps) {
  const { t } = useTranslation('kanban');
  return (
    <Stack direction="row" useFlexGap sx={{ mb: 2, gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
      <TextField
        select
        size="small"
        label={t('query')}
        value={board.queryId}
        onChange={(e) => onQuery(Number(e.target.value))}
        sx={{ width: 220 }}
      >
        <MenuItem value={0}>{t('allItems')}</MenuItem>
        {board.queries.map((q) => (
          <MenuItem key={q.id} value={q.id}>
            {q.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('swimlane')}
        value={laneField}
        onChange={(e) => onLane(e.target.value)}
        sx={{ width: 220 }}
        slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
      >
        <MenuItem value="">{t('noSwimlane')}</MenuItem>
        {board.swimlanes.map((l) => (
          <MenuItem key={l.field} value={l.field}>
            {l.field === 'ResponsibleName' ? t('responsible') : l.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        type="search"
        label={t('filter')}
        value={text}
        onChange={(e) => onText(e.target.value)}
        sx={{ width: 240 }}
      />
      <Tooltip title={t('refresh')}>
        <span>
          <IconButton aria-label={t('refresh')} onClick={onRefresh} disabled={refreshing}>
            <RefreshIcon />
          </IconButton>
        </span>
      </Tooltip>
    </Stack>
  );
}
