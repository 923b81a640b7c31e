import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { loadResponsibles, type ActionAnswers, type ActionView, type Responsible } from './api';
import { MAX_REASON } from './ChangeReasonDialog';
import './i18n';
import { useDebounced } from '../../components/useDebounced';

export interface CommentAndResponsibleDialogProps {
  componentId: number;
  ids: number[];
  action: ActionView;
  /** The answers on OK; null on Cancel. */
  onClose: (answers: ActionAnswers | null) => void;
}

/**
 * The comment-and-responsible dialog (spec section 2, "yields comment and responsible"): the new
 * responsible among loadResponsibles' candidates for the action, and a comment stored as the
 * transition's reason (required when the action requires a reason).
 */
export function CommentAndResponsibleDialog({ componentId, ids, action, onClose }: CommentAndResponsibleDialogProps) {
  const { t } = useTranslation('workflow');
  const [comment, setComment] = useState('');
  const [responsible, setResponsible] = useState<Responsible | null>(null);
  const [text, setText] = useState('');
  const search = useDebounced(text, 250);
  const candidates = useQuery({
    queryKey: ['workflow', 'responsibles', componentId, ids, action.id, search],
    queryFn: ({ signal }) => loadResponsibles({ componentId, ids, action: action.id, text: search }, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const missing = responsible === null || (action.requiresReason && comment.trim() === '');
  return (
    <Dialog open onClose={() => onClose(null)} fullWidth maxWidth="sm" aria-labelledby="comment-responsible-title">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!missing) onClose({ reason: comment.trim(), responsibleId: responsible.id });
        }}
      >
        <DialogTitle id="comment-responsible-title">{t('responsible.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {t('reason.action', { action: action.name, status: action.to.name })}
          </DialogContentText>
          <Stack spacing={2}>
            <Autocomplete
              options={candidates.data ?? []}
              value={responsible}
              onChange={(_, value) => setResponsible(value)}
              inputValue={text}
              onInputChange={(_, value) => setText(value)}
              getOptionLabel={(u) => u.name}
              getOptionKey={(u) => u.id}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              filterOptions={(options) => options}
              loading={candidates.isFetching}
              loadingText={t('responsible.loading')}
              noOptionsText={t('responsible.none')}
              renderOption={(props, u) => (
                <li {...props} key={u.id}>
                  <Stack>
                    <span>{u.name}</span>
                    <span style={{ fontSize: '0.8em', opacity: 0.7 }}>{u.email || u.login}</span>
                  </Stack>
                </li>
              )}
              renderInput={(params) => (
                <TextField
                  {...params}
                  autoFocus
                  required
                  label={t('responsible.label')}
                  placeholder={t('responsible.search')}
                />
              )}
            />
            <TextField
              fullWidth
              multiline
              minRows={3}
              label={t('responsible.comment')}
              value={comment}
              required={action.requiresReason}
              onChange={(e) => setComment(e.target.value)}
              helperText={action.requiresReason ? t('reason.requiredHelp') : t('reason.optionalHelp')}
              slotProps={{ htmlInput: { maxLength: MAX_REASON } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => onClose(null)}>{t('cancel')}</Button>
          <Button type="submit" variant="contained" disabled={missing}>
            {t('ok')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
