import AddLinkOutlined from '@mui/icons-material/AddLinkOutlined';
import LinkOffOutlined from '@mui/icons-material/LinkOffOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { isApiError } from '../../../api/client';
import {
  linkChoicesQuery,
  linksQuery,
  refreshManyToManyItems,
  relationKeys,
  type LinkChoice,
  type LinkedRow,
} from '../api';
import { useFormRuntime } from '../context';
import { useFormBase } from '../useFormBase';
import { ItemSearchPicker } from './ItemSearchPicker';
import { RelationSection } from './RelationSection';
import { RowAction } from './RowAction';
import { StatusChip } from './StatusChip';

const ROWS_PER_PAGE = 10;

/** The search of items to link (loadManyToManyComboData): by title or number, as the user types. */
function LinkPicker({
  itemId,
  componentId,
  relatedComponentId,
  label,
  onPick,
  busy,
}: {
  itemId: number;
  componentId: number;
  relatedComponentId: number;
  label: string;
  onPick: (choice: LinkChoice) => void;
  busy: boolean;
}) {
  const { t } = useTranslation('forms');
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<LinkChoice | null>(null);
  const pick = () => {
    if (!chosen) return;
    onPick(chosen);
    setChosen(null);
    setText('');
  };
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mb: 1.5 }}>
      <ItemSearchPicker
        sx={{ flexGrow: 1, maxWidth: 560 }}
        label={label}
        choices={(search, enabled) => linkChoicesQuery(itemId, componentId, relatedComponentId, search, enabled)}
        value={chosen}
        onChange={setChosen}
        inputValue={text}
        onInputChange={setText}
        optionLines={relatedComponentId === 0 ? 'titleAndType' : 'title'}
      />
      <Button
        variant="outlined"
        startIcon={busy ? <CircularProgress size={16} /> : <AddLinkOutlined />}
        disabled={!chosen || busy}
        onClick={pick}
        sx={{ height: 40 }}
      >
        {t('links.add')}
      </Button>
    </Box>
  );
}

/**
 * The items linked to the form's item, with a search to link another and a button to unlink
 * (refreshManyToManyItems). A link has no direction: the other item lists this one too.
 * relatedComponentId is the many-to-many control's type, or 0 for item links (every type).
 */
export function LinkedItems({
  label,
  relatedComponentId,
  searchLabel,
}: {
  label: string;
  relatedComponentId: number;
  searchLabel: string;
}) {
  const { t } = useTranslation('forms');
  const { item, componentId, readOnly } = useFormRuntime();
  const base = useFormBase();
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(0);
  const itemId = Number(item.id ?? 0);
  const query = useQuery({
    ...linksQuery(itemId, componentId, relatedComponentId, page, ROWS_PER_PAGE),
    placeholderData: keepPreviousData,
  });
  const canEdit = Boolean(query.data?.canEdit) && !readOnly;
  const showType = relatedComponentId === 0;
  // Unlinking the last row of the last page leaves that page empty: show the one before.
  const lastPage = Math.max(0, Math.ceil((query.data?.total ?? 0) / ROWS_PER_PAGE) - 1);
  if (query.data && !query.isPlaceholderData && page > lastPage) setPage(lastPage);

  const change = useMutation({
    mutationFn: (request: { add?: number[]; remove?: number[] }) =>
      refreshManyToManyItems({ itemId, componentId, relatedComponentId, ...request }),
    onSuccess: (_page, request) => {
      enqueueSnackbar(request.add ? t('links.linked') : t('links.unlinked'), { variant: 'success' });
    },
    onError: (error) => enqueueSnackbar(isApiError(error) ? error.message : String(error), { variant: 'error' }),
    // Both lists of the form (many-to-many and item links) read the same links.
    onSettled: () => queryClient.invalidateQueries({ queryKey: relationKeys.links(itemId) }),
  });
  const editPath = (row: LinkedRow) => `${base}/editItem/${row.componentId}/${row.id}/0`;

  return (
    <RelationSection
      label={label}
      saveFirst={t('links.saveFirst')}
      itemId={itemId}
      loadingLabel={t('links.loading')}
      query={query}
    >
      {(data) => (
        <>
          {canEdit && (
            <LinkPicker
              itemId={itemId}
              componentId={componentId}
              relatedComponentId={relatedComponentId}
              label={searchLabel}
              busy={change.isPending}
              onPick={(choice) => change.mutate({ add: [choice.id] })}
            />
          )}
          {data.rows.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {t('links.empty')}
            </Typography>
          ) : (
            <Paper variant="outlined">
              <TableContainer>
                <Table size="small" aria-label={label}>
                  <TableHead>
                    <TableRow>
                      <TableCell sx={{ width: 90 }}>{t('related.number')}</TableCell>
                      <TableCell>{t('related.title')}</TableCell>
                      {showType && <TableCell sx={{ width: 160 }}>{t('links.type')}</TableCell>}
                      <TableCell sx={{ width: 160 }}>{t('related.status')}</TableCell>
                      <TableCell sx={{ width: 200 }}>{t('related.responsible')}</TableCell>
                      {canEdit && <TableCell sx={{ width: 56 }} />}
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {data.rows.map((row) => (
                      <TableRow key={row.id} hover>
                        <TableCell>{row.FormattedID}</TableCell>
                        <TableCell>
                          <Link component={RouterLink} to={editPath(row)} underline="hover">
                            {row.Title}
                          </Link>
                        </TableCell>
                        {showType && <TableCell>{row.componentName}</TableCell>}
                        <TableCell>
                          <StatusChip row={row} />
                        </TableCell>
                        <TableCell>{row.ResponsibleName}</TableCell>
                        {canEdit && (
                          <TableCell align="right">
                            <RowAction
                              label={t('links.remove', { number: row.FormattedID, title: row.Title })}
                              icon={<LinkOffOutlined fontSize="small" />}
                              disabled={change.isPending}
                              onClick={() => change.mutate({ remove: [row.id] })}
                            />
                          </TableCell>
                        )}
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
              {data.total > ROWS_PER_PAGE && (
                <TablePagination
                  component="div"
                  count={data.total}
                  page={page}
                  rowsPerPage={ROWS_PER_PAGE}
                  rowsPerPageOptions={[ROWS_PER_PAGE]}
                  onPageChange={(_event, next) => setPage(next)}
                />
              )}
            </Paper>
          )}
        </>
      )}
    </RelationSection>
  );
}
