import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { GridFilterInputValueProps } from '@mui/x-data-grid';

export interface RangeLabels {
  between: string;
  from: string;
  to: string;
}

/** The two days of a date range filter. */
export function DateRangeInput({ item, applyValue, labels }: GridFilterInputValueProps & { labels: RangeLabels }) {
  const [from = '', to = ''] = Array.isArray(item.value) ? (item.value as string[]) : [];
  const set = (index: 0 | 1, value: string) => {
    const next = [from, to];
    next[index] = value;
    applyValue({ ...item, value: next });
  };
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-end', height: 48, pl: '20px' }}>
      <TextField
        type="date"
        variant="standard"
        label={labels.from}
        value={from}
        onChange={(e) => set(0, e.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
        fullWidth={false}
        sx={{ width: 140 }}
      />
      <TextField
        type="date"
        variant="standard"
        label={labels.to}
        value={to}
        onChange={(e) => set(1, e.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
        fullWidth={false}
        sx={{ width: 140 }}
      />
    </Box>
  );
}
