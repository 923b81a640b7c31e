import PlayArrowOutlined from '@mui/icons-material/PlayArrowOutlined';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useMutation } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/client';
import { executeFormBusinessRule } from '../api';
import { useFormRuntime } from '../context';
import type { FormControl } from '../types';

/** A button bound to a form business rule (executeFormBusinessRule); the server's Message is shown as it says it. */
export function RuleButton({ control }: { control: FormControl }) {
  const { t } = useTranslation('forms');
  const { enqueueSnackbar } = useSnackbar();
  const { componentId, formId, liveItem, readOnly } = useFormRuntime();
  const run = useMutation({
    mutationFn: () => executeFormBusinessRule(componentId, formId, control.rule ?? '', liveItem),
    onSuccess: (answer) => enqueueSnackbar(answer?.Message || t('rule.done'), { variant: 'success' }),
    // 501: the rules runtime is not there yet; the server says so in its Message.
    onError: (error) => enqueueSnackbar(isApiError(error) ? error.message : t('rule.failed'), { variant: isApiError(error) && error.status === 501 ? 'info' : 'error' }),
  });
  return (
    <Button
      variant="outlined"
      disabled={readOnly || run.isPending}
      onClick={() => run.mutate()}
      startIcon={run.isPending ? <CircularProgress size={16} /> : <PlayArrowOutlined />}
    >
      {control.label || t('rule.run')}
    </Button>
  );
}
