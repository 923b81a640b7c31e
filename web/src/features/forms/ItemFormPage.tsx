import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import RefreshOutlined from '@mui/icons-material/RefreshOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { initialDataQuery, type InitialDataRequest } from './api';
import { ChooseProject } from './ChooseProject';
import { ItemForm } from './ItemForm';
import { useFormBase } from './useFormBase';

/**
 * The form page of one item: loads the form and the item (getFormInitialData), then edits it. A
 * new item that needs a project asks for it first (onProject opens the form in that project).
 */
export function ItemFormPage({
  request,
  onProject,
}: {
  request: InitialDataRequest;
  onProject?: (projectId: number, replace: boolean) => void;
}) {
  const { t } = useTranslation('forms');
  const navigate = useNavigate();
  const base = useFormBase();
  const queryClient = useQueryClient();
  const query = useQuery(initialDataQuery(request));

  if (query.isPending) {
    return (
      <Box sx={{ p: { xs: 2, md: 3 } }} aria-busy="true" aria-label={t('page.loading')}>
        <Skeleton variant="rounded" height={88} sx={{ mb: 2 }} />
        <Skeleton variant="rounded" height={420} />
      </Box>
    );
  }
  if (query.isError) {
    return (
      <Box sx={{ p: { xs: 2, md: 3 } }}>
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Alert
            severity="error"
            action={
              <Box sx={{ display: 'flex', gap: 1 }}>
                <Button
                  color="inherit"
                  size="small"
                  startIcon={<ArrowBackOutlined />}
                  onClick={() => navigate(base || '/app')}
                >
                  {t('actions.back')}
                </Button>
                <Button
                  color="inherit"
                  size="small"
                  startIcon={query.isFetching ? <CircularProgress size={14} /> : <RefreshOutlined />}
                  onClick={() => void query.refetch()}
                >
                  {t('actions.retry')}
                </Button>
              </Box>
            }
          >
            {t('page.loadFailed', { message: query.error.message })}
          </Alert>
        </Paper>
      </Box>
    );
  }
  if (query.data.needsProject && onProject) {
    return (
      <ChooseProject
        componentId={query.data.form.componentID}
        typeName={query.data.form.componentName}
        onChoose={onProject}
        onBack={() => navigate(-1)}
      />
    );
  }
  return (
    <ItemForm
      // A reload (after a refused stale save, or the banner's button) starts the form again.
      key={query.dataUpdatedAt}
      data={query.data}
      request={request}
      reload={() => void queryClient.refetchQueries({ queryKey: initialDataQuery(request).queryKey })}
    />
  );
}
