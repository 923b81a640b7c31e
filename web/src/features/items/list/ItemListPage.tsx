import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import { isApiError } from '../../../api/client';
import '../i18n';
import { listDefinitionQuery } from './api';
import { ListScreen } from './ListScreen';

const toId = (value: string | undefined) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : 0;
};

/**
 * /runtime/{appID}/list/{componentID}/{form}/{query}/{view}/{title} and
 * /runtime/{appID}/listProject/{componentID}/{projectID}/{title}: an item type's list (spec section 2).
 */
export default function ItemListPage() {
  const { pathname } = useLocation();
  // A new menu entry (another query, view or type) starts a fresh list.
  return <ItemList key={pathname} />;
}

function ItemList() {
  const { t, i18n } = useTranslation('items');
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const params = useParams();
  const componentID = toId(params.componentID);
  const projectId = toId(params.projectID);
  const [viewId, setViewId] = useState(toId(params.view));
  const [queryId, setQueryId] = useState(toId(params.query));
  const [persist, setPersist] = useState(false);
  const definition = useQuery({
    ...listDefinitionQuery(componentID, projectId, viewId, lang),
    placeholderData: keepPreviousData,
  });
  const title = params.title ?? definition.data?.componentName ?? '';

  if (definition.isError) {
    const notFound =
      isApiError(definition.error) && (definition.error.status === 404 || definition.error.status === 400);
    return (
      <Box sx={{ py: 8, textAlign: 'center' }}>
        <Typography variant="h6" component="h1" gutterBottom>
          {title}
        </Typography>
        <Typography color="text.secondary">{notFound ? t('list.notFound') : definition.error.message}</Typography>
        <Button component={RouterLink} to={`/runtime/${params.appID ?? ''}`} sx={{ mt: 2 }}>
          {t('list.backToApp')}
        </Button>
      </Box>
    );
  }
  if (!definition.data) {
    return (
      <Box aria-busy="true" aria-label={t('list.loading')}>
        <Skeleton variant="text" width={280} height={40} />
        <Skeleton variant="rounded" height={480} sx={{ mt: 2 }} />
      </Box>
    );
  }
  return (
    <ListScreen
      // Another view or query is another list: paging, sort and filters start over.
      key={`${definition.data.viewId}-${queryId || definition.data.queryId}`}
      definition={definition.data}
      title={title}
      appID={params.appID ?? ''}
      form={toId(params.form)}
      projectId={projectId}
      queryId={queryId || definition.data.queryId}
      persist={persist}
      onQuery={(id) => {
        setQueryId(id);
        setPersist(true);
      }}
      onView={(id) => {
        setViewId(id);
        setPersist(true);
      }}
    />
  );
}
