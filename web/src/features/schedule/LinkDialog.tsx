import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { LinkType, ScheduledTask } from './api';
import { parseLag } from './gantt';

const TYPES: LinkType[] = ['FS', 'SS', 'FF', 'SF'];
interface LinkDialogProps {
  predecessor: ScheduledTask;
  successor: ScheduledTask;
  /** What the sides the link was drawn between say. */
  type: LinkType;
  saving: boolean;
  onCancel: () => void;
  onSave: (type: LinkType, lag: number) => void;
}

/** A link drawn between two bars: its type (from the sides, changeable) and its lag in working days. */
export function LinkDialog({ predecessor, successor, type: drawn, saving, onCancel, onSave }: LinkDialogProps) {
  const { t } = useTranslation('schedule');
  const [type, setType] = useState<LinkType>(drawn);
  const [lag, setLag] = useState('0');
  const value = parseLag(lag);
  return (
    <Dialog open onClose={onCancel} aria-labelledby="schedule-link-title" maxWidth="xs" fullWidth>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (value !== null) onSave(type, value);
        }}
      >
        <DialogTitle id="schedule-link-title">{t('link.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography variant="body2">
              {t('link.between', {
                pred: predecessor.FormattedID,
                predTitle: predecessor.Title,
                succ: successor.FormattedID,
                succTitle: successor.Title,
              })}
            </Typography>
            <TextField select label={t('link.type')} value={type} onChange={(e) => setType(e.target.value as LinkType)}>
              {TYPES.map((k) => (
                <MenuItem key={k} value={k}>
                  {t(`linkType.${k}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={t('link.lag')}
              name="lag"
              value={lag}
              onChange={(e) => setLag(e.target.value)}
              autoFocus
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              error={value === null}
              helperText={value === null ? t('link.lagInvalid') : t('link.lagHelp')}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel}>{t('link.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={saving || value === null}>
            {t('link.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
