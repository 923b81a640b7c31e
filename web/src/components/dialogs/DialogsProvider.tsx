import { lazy, Suspense, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { DialogCancelled, DialogsContext, type Dialogs, type PromptOptions } from './useDialogs';

const ConfirmDialog = lazy(() => import('../ConfirmDialog'));

type Open =
  | { kind: 'confirm'; message: ReactNode; title?: ReactNode; resolve: () => void; reject: (reason: Error) => void }
  | { kind: 'prompt'; options: PromptOptions; resolve: (value: string) => void; reject: (reason: Error) => void }
  | { kind: 'alert'; message: ReactNode; title?: ReactNode; resolve: () => void };

/**
 * The generic dialogs of spec section 2 as one promise-based API:
 * `await confirm(message)` resolves on Yes and rejects on No (Escape does
 * nothing), `await prompt({...})` gives the text (OK disabled when required
 * and empty; Cancel rejects), `await alert(message)` resolves on OK.
 */
export function DialogsProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<Open | null>(null);
  const close = useCallback(() => setOpen(null), []);

  const dialogs = useMemo<Dialogs>(
    () => ({
      confirm: (message, title) =>
        new Promise<void>((resolve, reject) => setOpen({ kind: 'confirm', message, title, resolve, reject })),
      prompt: (options) =>
        new Promise<string>((resolve, reject) => setOpen({ kind: 'prompt', options, resolve, reject })),
      alert: (message, title) => new Promise<void>((resolve) => setOpen({ kind: 'alert', message, title, resolve })),
    }),
    [],
  );

  return (
    <DialogsContext value={dialogs}>
      {children}
      {open?.kind === 'confirm' && (
        <Suspense fallback={null}>
          <ConfirmDialog
            title={open.title}
            message={open.message}
            onClose={(yes) => {
              close();
              if (yes) open.resolve();
              else open.reject(new DialogCancelled());
            }}
          />
        </Suspense>
      )}
      {open?.kind === 'prompt' && (
        <PromptDialog
          options={open.options}
          onClose={(value) => (close(), value === null ? open.reject(new DialogCancelled()) : open.resolve(value))}
        />
      )}
      {open?.kind === 'alert' && (
        <AlertDialog title={open.title} message={open.message} onClose={() => (close(), open.resolve())} />
      )}
    </DialogsContext>
  );
}

function PromptDialog({ options, onClose }: { options: PromptOptions; onClose: (value: string | null) => void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(options.defaultValue ?? '');
  const input = useRef<HTMLInputElement>(null);
  const blocked = options.required === true && value.trim() === '';
  return (
    <Dialog open onClose={() => onClose(null)} maxWidth="xs" fullWidth>
      <DialogTitle sx={{ fontWeight: 700 }}>{options.title}</DialogTitle>
      <DialogContent>
        {options.message && <DialogContentText sx={{ mb: 2 }}>{options.message}</DialogContentText>}
        <TextField
          inputRef={input}
          autoFocus
          fullWidth
          label={options.label}
          required={options.required}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !blocked) onClose(value);
          }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button color="inherit" onClick={() => onClose(null)}>
          {t('dialogs.cancel')}
        </Button>
        <Button variant="contained" disabled={blocked} onClick={() => onClose(value)}>
          {t('dialogs.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function AlertDialog({ title, message, onClose }: { title?: ReactNode; message: ReactNode; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
      {title && <DialogTitle sx={{ fontWeight: 700 }}>{title}</DialogTitle>}
      <DialogContent>
        <DialogContentText>{message}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button variant="contained" autoFocus onClick={onClose}>
          {t('dialogs.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
