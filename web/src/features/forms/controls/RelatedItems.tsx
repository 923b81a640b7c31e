import AddOutlined from '@mui/icons-material/AddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { childrenQuery, type RelatedRow } from '../api';
import { useFormRuntime } from '../context';
import { formatDate, formatDateTime } from '../display';
import { useFormBase } from '../useFormBase';
import type { FormControl } from '../types';
import { RelationStates } from './RelationSection';
import { SectionTitle } from './SectionTitle';
import { StatusChip } from './StatusChip';

const ROWS_PER_PAGE = 10;

function Timeline({ rows, editPath }: { rows: RelatedRow[]; editPath: (row: RelatedRow) => string }) {
  return (
    <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {rows.map((row, index) => (
        <Box component="li" key={row.id} sx={{ display: 'flex', gap: 1.5 }}>
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', pt: 0.75 }}>
            <Box
              sx={{
                width: 12,
                height: 12,
                borderRadius: '50%',
                bgcolor: row.StatusColor || 'primary.main',
                flexShrink: 0,
              }}
            />
            {index < rows.length - 1 && <Box sx={{ width: 2, flexGrow: 1, bgcolor: 'divider', my: 0.5 }} />}
          </Box>
          <Box sx={{ pb: 2 }}>
            <Typography variant="caption" color="text.secondary">
              {formatDateTime(row.CreationDate)} · {row.CreatorName}
            </Typography>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Link
                component={RouterLink}
                to={editPath(row)}
                underline="hover"
                variant="body2"
                sx={{ fontWeight: 500 }}
              >
                #{row.FormattedID} {row.Title}
              </Link>
              <StatusChip row={row} />
            </Box>
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/**
 * One-to-many (grid), timeline and data grid: the items of the control's type whose parent is
 * this item (loadOneToManyFormData, loadOneToManyTimelineFormData), with a way to add one.
 */
export function RelatedItems({ control }: { control: FormControl }) {
  const { t } = useTranslation('forms');
  const { item, componentId } = useFormRuntime();
  const base = useFormBase();
  const [page, setPage] = useState(0);
  const itemId = Number(item.id ?? 0);
  const childComponentId = control.componentId ?? 0;
  const kind = control.kind === 'timeline' ? 'timeline' : 'list';
  const query = useQuery({
    ...childrenQuery(kind, itemId, componentId, childComponentId, page, ROWS_PER_PAGE),
    placeholderData: keepPreviousData,
  });
  const editPath = (row: RelatedRow) => `${base}/editItem/${childComponentId}/${row.id}/0`;
  const addPath = `${base}/insertItem/${childComponentId}/${Number(item.ProjectID ?? 0)}/0?parentID=${itemId}`;

  return (
    <Box component="section" aria-label={control.label}>
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
        <SectionTitle>{control.label}</SectionTitle>
        {query.data?.canCreate && (
          <Button
            component={RouterLink}
            to={addPath}
            size="small"
            startIcon={<AddOutlined />}
            sx={{ ml: 'auto', mb: 1 }}
          >
            {t('related.add')}
          </Button>
        )}
      </Box>
      <RelationStates
        itemId={itemId}
        saveFirst={
          <Typography variant="body2" color="text.secondary">
            {t('related.saveFirst')}
          </Typography>
        }
        loadingLabel={t('related.loading')}
        query={query}
      >
        {(data) =>
          data.rows.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {t('related.empty')}
            </Typography>
          ) : kind === 'timeline' ? (
            <Timeline rows={data.rows} editPath={editPath} />
          ) : (
            <Paper variant="outlined">
              <TableContainer>
                <Table size="small" aria-label={control.label}>
                  <TableHead>
                    <TableRow>
                      <TableCell sx={{ width: 90 }}>{t('related.number')}</TableCell>
                      <TableCell>{t('related.title')}</TableCell>
                      <TableCell sx={{ width: 160 }}>{t('related.status')}</TableCell>
                      <TableCell sx={{ width: 200 }}>{t('related.responsible')}</TableCell>
                      <TableCell sx={{ width: 120 }}>{t('related.created')}</TableCell>
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
                        <TableCell>
                          <StatusChip row={row} />
                        </TableCell>
                        <TableCell>{row.ResponsibleName}</TableCell>
                        <TableCell>{formatDate(row.CreationDate)}</TableCell>
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
          )
        }
      </RelationStates>
    </Box>
  );
}
