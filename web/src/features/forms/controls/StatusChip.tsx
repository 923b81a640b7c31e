import Chip from '@mui/material/Chip';
import { textOn } from '../../../theme/contrast';

/** A related item's status in its colour, as the relation tables list it; nothing when it has none. */
export function StatusChip({ row }: { row: { StatusName: string; StatusColor: string } }) {
  if (!row.StatusName) return null;
  return (
    <Chip
      size="small"
      label={row.StatusName}
      sx={{
        bgcolor: row.StatusColor || undefined,
        color: textOn(row.StatusColor),
        fontWeight: 500,
        height: 22,
      }}
    />
  );
}
