import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DateInput } from '../../components/DateInput';
import type { ScheduledTask } from './api';

dayjs.extend(customParseFormat);

interface DatesDialogProps {
  task: ScheduledTask;
  itemLink: string;
  saving: boolean;
  /** The view has a progress field: the percent complete is asked beside the dates. */
  withProgress: boolean;
  onCancel: () => void;
  /** The new days, YYYY-MM-DD (a milestone's finish is its start), and the percent when asked. */
  onSave: (start: string, finish: string, progress?: number) => void;
}

/** The keyboard's way to move or stretch a bar: the task's start and finish typed or picked. */
export function DatesDialog({ task, itemLink, saving, withProgress, onCancel, onSave }: DatesDialogProps) {
  const { t, i18n } = useTranslation('schedule');
  const format = i18n.language.startsWith('pt') ? 'DD/MM/YYYY' : 'MM/DD/YYYY';
  const show = (day: string) => dayjs(day, 'YYYY-MM-DD').format(format);
  const [start, setStart] = useState(() => show(task.start));
  const [finish, setFinish] = useState(() => show(task.finish));
  const [percent, setPercent] = useState(() => String(Math.round(task.progress)));
  const [tried, setTried] = useState(false);
  const read = (text: string) => {
    const d = dayjs(text, format, true);
    return d.isValid() ? d.format('YYYY-MM-DD') : '';
  };
  const from = read(start);
  const to = task.milestone ? from : read(finish);
  const order = from && to && to < from;
  const askProgress = withProgress && !task.milestone && !task.summary;
  const progress = /^\d{1,3}$/.test(percent.trim()) ? Number(percent) : NaN;
  const badProgress = askProgress && !(progress >= 0 && progress <= 100);
  const submit = () => {
    setTried(true);
    if (from && to && !order && !badProgress) onSave(from, to, askProgress ? progress : undefined);
  };
  return (
    <Dialog open onClose={onCancel} aria-labelledby="schedule-dates-title" maxWidth="xs" fullWidth>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <DialogTitle id="schedule-dates-title">
          {t('dates.title', { id: task.FormattedID, name: task.Title })}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <DateInput
              name="start"
              label={task.milestone ? t('dates.milestone') : t('dates.start')}
              format={format}
              value={start}
              onChange={setStart}
              required
              autoFocus
              error={tried && !from}
              helperText={tried && !from ? t('dates.required') : undefined}
            />
            {!task.milestone && (
              <DateInput
                name="finish"
                label={t('dates.finish')}
                format={format}
                value={finish}
                onChange={setFinish}
                required
                error={tried && (!to || Boolean(order))}
                helperText={tried && !to ? t('dates.required') : order ? t('dates.finishBeforeStart') : undefined}
              />
            )}
            {askProgress && (
              <TextField
                name="progress"
                label={t('dates.progress')}
                value={percent}
                onChange={(e) => setPercent(e.target.value)}
                slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 3 } }}
                error={tried && badProgress}
                helperText={tried && badProgress ? t('dates.progressRange') : undefined}
              />
            )}
            <Typography variant="body2" color="text.secondary">
              {t('dates.hint')}
            </Typography>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button component={RouterLink} to={itemLink} sx={{ mr: 'auto' }}>
            {t('dates.openItem')}
          </Button>
          <Button onClick={onCancel}>{t('dates.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={saving}>
            {t('dates.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
