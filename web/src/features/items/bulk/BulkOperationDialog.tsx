import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/client';
import { type Operation, type OperationOutcome, ParameterForm, type RunHelpers, ResultView } from '../../operations';
import '../i18n';
import { executeBulkOperation, type BulkOperationResult } from './api';

interface FieldValidation {
  Field: string;
  Message: string;
}

export interface BulkOperationDialogProps {
  operation: Operation;
  componentId: number;
  ids: number[];
  onClose: () => void;
  /** After the operation ran on the items (they may have changed). */
  onDone: (result: BulkOperationResult) => void;
}

/**
 * A bulk operation on the selection: its parameter form, executeBulkOperation with the selected
 * ids, and its result as the operation page shows one. A refusal (422) or a refused parameter
 * keeps the dialog open with the message; nothing was written.
 */
export function BulkOperationDialog({ operation, componentId, ids, onClose, onDone }: BulkOperationDialogProps) {
  const { t } = useTranslation('items');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [outcome, setOutcome] = useState<OperationOutcome | null>(null);
  const [refusal, setRefusal] = useState<{ severity: 'warning' | 'error'; message: string } | null>(null);
  const run = useMutation({
    mutationFn: (params: Record<string, unknown>) => executeBulkOperation({ operation, componentId, ids, params }),
    onMutate: () => {
      setOutcome(null);
      setRefusal(null);
    },
    onSuccess: (result) => {
      setOutcome({ kind: 'message', message: result.Message });
      onDone(result);
    },
  });

  const onRun = async (params: Record<string, unknown>, helpers: RunHelpers) => {
    try {
      await run.mutateAsync(params);
    } catch (error) {
      const validations = isApiError(error)
        ? (error.body as { Validations?: FieldValidation[] } | undefined)?.Validations
        : undefined;
      const known = new Set(operation.parameters.map((p) => p.key));
      const onFields = (validations ?? []).filter((v) => known.has(v.Field));
      if (onFields.length > 0) helpers.setErrors(Object.fromEntries(onFields.map((v) => [v.Field, v.Message])));
      const message = error instanceof Error ? error.message : String(error);
      // A rule's refusal or a permission is the user's to act on; anything else is a failure.
      const expected = isApiError(error) && error.status < 500;
      setRefusal({ severity: expected ? 'warning' : 'error', message: `${message} ${t('operation.refused')}` });
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={phone} aria-labelledby="bulk-operation-title">
      <DialogTitle id="bulk-operation-title">
        {operation.name}
        <Typography variant="body2" color="text.secondary">
          {t('operation.subtitle', { count: ids.length })}
        </Typography>
      </DialogTitle>
      <DialogContent dividers>
        <ParameterForm parameters={operation.parameters} pending={run.isPending} onRun={onRun} />
        <Box role="status" aria-live="polite" sx={{ mt: 2 }}>
          {run.isPending && <LinearProgress />}
          {refusal && <Alert severity={refusal.severity}>{refusal.message}</Alert>}
          {outcome && <ResultView outcome={outcome} onSave={() => undefined} />}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onClose}>{t('operation.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
