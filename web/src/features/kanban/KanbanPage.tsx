import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../api/client';
import { boardQuery, boardsQuery } from './api';
import { BoardScreen } from './BoardScreen';
import './i18n';

const toId = (value: string | undefined) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : 0;
};

/**
 * /runtime/{appID}/kanban/{viewID}/{title} and /kanban/{viewID}/{title} (spec section 2). A
 * viewID written as "{component key}.{view key}" (how a package's menu names a board before the
 * import gives it an id) opens the board it names among those the user may open.
 */
export default function KanbanPage() {
  const { pathname } = useLocation();
  return <Kanban key={pathname} />;
}

function Kanban() {
  const params = useParams();
  const viewID = toId(params.viewID);
  if (!viewID) return <BoardByKey reference={params.viewID ?? ''} />;
  return <Board viewID={viewID} />;
}

function BoardByKey({ reference }: { reference: string }) {
  const { t } = useTranslation('kanban');
  const navigate = useNavigate();
  const { search } = useLocation();
  const { appID } = useParams();
  const boards = useQuery(boardsQuery);
  const found = boards.data
    ?.filter((b) => b.key === reference)
    .sort((a, b) => Number(b.applicationId === toId(appID)) - Number(a.applicationId === toId(appID)))[0];
  useEffect(() => {
    if (found) void navigate(found.link + search, { replace: true });
  }, [found, navigate, search]);
  if (boards.isError || (boards.data && !found)) return <NotFound />;
  return <Loading label={t('loading')} />;
}

function Loading({ label }: { label: string }) {
  return (
    <Box aria-busy="true" aria-label={label}>
      <Skeleton variant="text" width={280} height={40} />
      <Box sx={{ display: 'flex', gap: 1.5, mt: 2 }}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} variant="rounded" width={288} height={420} />
        ))}
      </Box>
    </Box>
  );
}

function NotFound({ message }: { message?: string }) {
  const { t } = useTranslation('kanban');
  const { appID } = useParams();
  return (
    <Box sx={{ py: 8, textAlign: 'center' }}>
      <Typography color="text.secondary">{message ?? t('notFound')}</Typography>
      <Button component={RouterLink} to={appID ? `/runtime/${appID}` : '/app'} sx={{ mt: 2 }}>
        {t('backToApp')}
      </Button>
    </Box>
  );
}

function Board({ viewID }: { viewID: number }) {
  const { t } = useTranslation('kanban');
  const params = useParams();
  const [queryID, setQueryID] = useState<number | undefined>(undefined);
  const [search, setSearch] = useState('');
  const board = useQuery({ ...boardQuery({ viewID, queryID, search }), placeholderData: keepPreviousData });
  if (board.isError) {
    const missing = isApiError(board.error) && (board.error.status === 404 || board.error.status === 400);
    return <NotFound message={missing ? undefined : board.error.message} />;
  }
  if (!board.data) return <Loading label={t('loading')} />;
  return (
    <BoardScreen
      key={`${board.data.view.id}:${board.data.queryId}`}
      board={board.data}
      params={{ viewID, queryID, search }}
      title={params.title ?? board.data.view.name}
      appID={toId(params.appID) || board.data.view.applicationId}
      onQuery={setQueryID}
      onSearch={setSearch}
      refreshing={board.isFetching}
    />
  );
}
