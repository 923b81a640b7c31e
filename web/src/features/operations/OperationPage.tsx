import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import { isApiError } from '../../api/client';
import { saveBlob } from '../../lib/download';
import { operationQuery, runOperation, type Operation, type OperationOutcome, type OperationRef } from './api';
import { ParameterForm, type RunHelpers } from './ParameterForm';
import { ResultView } from './ResultView';
import './i18n';

const toId = (value: string | undefined) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : 0;
};

/**
 * /runtime/{appID}/operation/{operationID}/{title} (spec section 2): the operation's parameter
 * form, run on the server, and its result. operationID is the operation's id, or its key within
 * the application (docs/workflow.md, Operations).
 */
export default function OperationPage() {
  const { pathname } = useLocation();
  return <OperationRoute key={pathname} />;
}

function OperationRoute() {
  const { t } = useTranslation('operations');
  const params = useParams();
  const appID = toId(params.appID);
  const id = toId(params.operationID);
  const ref: OperationRef = id
    ? { operationId: id, appID: appID || undefined }
    : { operationId: params.operationID ?? '', appID };
  const operation = useQuery(operationQuery(ref));
  const title = params.title || operation.data?.name || '';
  return (
    <Box sx={{ maxWidth: 1200 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {operation.isPending && (
        <Box aria-busy="true" aria-label={t('page.loading')}>
          <Skeleton variant="rounded" height={220} sx={{ maxWidth: 560 }} />
        </Box>
      )}
      {operation.isError && (
        <LoadFailed error={operation.error} appID={appID} onRetry={() => void operation.refetch()} />
      )}
      {operation.data && (
        <OperationScreen
          operation={operation.data}
          reference={{ operationId: operation.data.id, appID: appID || operation.data.applicationId }}
        />
      )}
    </Box>
  );
}

function LoadFailed({ error, appID, onRetry }: { error: Error; appID: number; onRetry: () => void }) {
  const { t } = useTranslation('operations');
  // Missing and not allowed answer alike (404 'A operação não existe.'): nothing to retry.
  const missing = isApiError(error) && (error.status === 404 || error.status === 400);
  return (
    <Alert
      severity={missing ? 'warning' : 'error'}
      action={
        missing ? (
          <Button color="inherit" size="small" component={RouterLink} to={appID ? `/runtime/${appID}` : '/app'}>
            {t('page.backToApp')}
          </Button>
        ) : (
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('page.retry')}
          </Button>
        )
      }
    >
      {missing ? error.message : t('page.loadFailed', { message: error.message })}
    </Alert>
  );
}

interface FieldValidation {
  Field: string;
  Message: string;
}

function OperationScreen({ operation, reference }: { operation: Operation; reference: OperationRef }) {
  const { t } = useTranslation('operations');
  const { enqueueSnackbar } = useSnackbar();
  const [outcome, setOutcome] = useState<OperationOutcome | undefined>(undefined);
  const run = useMutation({
    mutationFn: (params: Record<string, unknown>) => runOperation(reference, params, operation.name),
    onMutate: () => setOutcome(undefined),
    onSuccess: (result) => {
      if (result.kind === 'file') saveBlob(result.blob, result.name);
      setOutcome(result);
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
      if (onFields.length > 0) {
        helpers.setErrors(Object.fromEntries(onFields.map((v) => [v.Field, v.Message])));
        enqueueSnackbar(t('form.checkFields'), { variant: 'error' });
        return;
      }
      // A rule's refusal (422) is the rule's word to the user; anything else is a failure.
      const message = error instanceof Error ? error.message : String(error);
      enqueueSnackbar(isApiError(error) && error.status === 422 ? message : t('form.failed', { message }), {
        variant: isApiError(error) && error.status === 422 ? 'warning' : 'error',
      });
    }
  };

  if (operation.bulk) return <Alert severity="info">{t('page.bulk')}</Alert>;
  return (
    <>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 2 }}>
          {operation.name}
        </Typography>
        <ParameterForm parameters={operation.parameters} pending={run.isPending} onRun={onRun} />
      </Paper>
      <Box role="status" aria-live="polite" sx={{ mt: 3 }}>
        {run.isPending && <LinearProgress aria-label={t('form.running')} />}
        {outcome && (
          <>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1.5 }}>
              {t('result.title')}
            </Typography>
            <ResultView outcome={outcome} onSave={(file) => saveBlob(file.blob, file.name)} />
          </>
        )}
      </Box>
    </>
  );
}
