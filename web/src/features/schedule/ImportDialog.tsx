import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import UploadFile from '@mui/icons-material/UploadFile';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { importFieldsQuery, importSchedule, type ImportResult } from './api';
import { fieldValue, NUMBERS } from './importValues';

interface ImportDialogProps {
  projectId: number;
  viewId: number;
  onClose: () => void;
  onImported: (result: ImportResult) => void;
}

/**
 * An MS Project XML file (MS Project, ProjectLibre) imported into the project: its tasks with their
 * structure, dates and links, all or nothing. The fields the type requires and a file cannot say
 * are asked here; every task gets the value chosen.
 */
export function ImportDialog({ projectId, viewId, onClose, onImported }: ImportDialogProps) {
  const { t } = useTranslation('schedule');
  const fileLabel = useId();
  const [file, setFile] = useState<File | null>(null);
  const [raw, setRaw] = useState<Record<string, string | boolean>>({});
  const [tried, setTried] = useState(false);
  const fields = useQuery(importFieldsQuery(projectId, viewId));
  const upload = useMutation({
    mutationFn: (values: Record<string, unknown>) => importSchedule(projectId, viewId, values, file!),
    onSuccess: (result) => onImported(result),
  });

  const supported = (fields.data ?? []).filter((f) => f.supported);
  const unsupported = (fields.data ?? []).filter((f) => !f.supported);
  const missing = supported.filter((f) => f.type !== 'BOOLEAN' && fieldValue(f, raw[f.key]) === undefined);
  const submit = () => {
    setTried(true);
    if (!file || missing.length > 0) return;
    const values: Record<string, unknown> = {};
    for (const f of supported) {
      const v = fieldValue(f, raw[f.key]);
      if (v !== undefined) values[f.key] = v;
    }
    upload.mutate(values);
  };

  return (
    <Dialog open onClose={upload.isPending ? undefined : onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{t('import.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {t('import.hint')}
          </Typography>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Button component="label" variant="outlined" startIcon={<UploadFile />} aria-describedby={fileLabel}>
              {t('import.choose')}
              <input
                type="file"
                hidden
                accept=".xml,application/xml,text/xml"
                onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              />
            </Button>
            <Typography id={fileLabel} variant="body2" color={tried && !file ? 'error' : 'text.secondary'}>
              {file ? file.name : tried ? t('import.fileRequired') : t('import.noFile')}
            </Typography>
          </Stack>
          {fields.isError && <Alert severity="error">{fields.error.message}</Alert>}
          {supported.length > 0 && (
            <Typography variant="body2">{t('import.fields', { count: supported.length })}</Typography>
          )}
          {supported.map((f) => {
            const empty = tried && missing.includes(f);
            const help = empty ? t('import.required', { label: f.label }) : undefined;
            if (f.type === 'BOOLEAN')
              return (
                <FormControlLabel
                  key={f.key}
                  control={
                    <Checkbox
                      checked={raw[f.key] === true}
                      onChange={(e) => setRaw({ ...raw, [f.key]: e.target.checked })}
                    />
                  }
                  label={f.label}
                />
              );
            return (
              <TextField
                key={f.key}
                label={f.label}
                required
                select={f.type === 'PICKLIST'}
                type={f.type === 'DATE_TIME' ? 'date' : 'text'}
                slotProps={{
                  inputLabel: f.type === 'DATE_TIME' ? { shrink: true } : undefined,
                  htmlInput: NUMBERS.includes(f.type) ? { inputMode: 'decimal' } : undefined,
                }}
                value={typeof raw[f.key] === 'string' ? raw[f.key] : ''}
                onChange={(e) => setRaw({ ...raw, [f.key]: e.target.value })}
                error={empty}
                helperText={help}
              >
                {f.options.map((o) => (
                  <MenuItem key={o.value} value={o.value}>
                    {o.label}
                  </MenuItem>
                ))}
              </TextField>
            );
          })}
          {unsupported.map((f) => (
            <Alert key={f.key} severity="warning">
              {t('import.unsupported', { label: f.label })}
            </Alert>
          ))}
          {upload.isError && (
            <Alert severity="error" role="alert">
              {upload.error.message}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={upload.isPending}>
          {t('import.cancel')}
        </Button>
        <Button variant="contained" onClick={submit} disabled={upload.isPending || !fields.data}>
          {upload.isPending ? t('import.importing') : t('import.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
