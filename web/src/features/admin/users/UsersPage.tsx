import '../i18n';
import { lazy, Suspense, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import FilterIcon from '@mui/icons-material/FilterAltOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n';
import { additionalFieldsQuery, deleteUsers, userKeys, usersQuery } from '../api';
import { EMPTY_ALIGN, headerCellSx } from '../components/tableStyles';
import { FilterField } from '../components/FilterField';
import { PageHeader } from '../components/PageHeader';
import { AdditionalFieldFilters } from '../components/AdditionalFieldFilters';
import { useConfirm } from '../components/useConfirm';
import { useDebounced } from '../../../components/useDebounced';
import { UserAvatar } from '../components/UserAvatar';
import { errorMessage, formatCount } from '../../../lib/format';
import { NO_FILTERS, USER_TABLE_ROWS, visibleUsers, type UserColumnFilters } from './userTable';
import { useNotify } from '../components/useNotify';
import { visuallyHidden } from '../../../theme/visuallyHidden';

const UserFormDialog = lazy(() => import('./UserFormDialog'));

/**
 * The user list (spec section 2, 'User list (administration)'): a non-paged table of 100 rows with
 * selectable rows and no search box; name (avatar, sortable, text filter), email (text filter, not
 * sortable), companyName (text filter). Row click or the edit action opens the form; delete acts on
 * the selected rows after confirmation. The whole list loads once (getUsers), the filters work on it.
 */
export default function UsersPage() {
  const { t } = useTranslation('admin');
  const notify = useNotify();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const fields = useQuery(additionalFieldsQuery('user'));
  const [fieldFilters, setFieldFilters] = useState<Record<string, string>>({});
  const [showFieldFilters, setShowFieldFilters] = useState(false);
  const settledFieldFilters = useDebounced(fieldFilters);
  const serverFilter = useMemo(
    () => Object.fromEntries(Object.entries(settledFieldFilters).filter(([, text]) => text.trim() !== '')),
    [settledFieldFilters],
  );
  const users = useQuery(usersQuery(serverFilter));
  const fieldFilterCount = Object.keys(serverFilter).length;
  const [filters, setFilters] = useState<UserColumnFilters>(NO_FILTERS);
  const [direction, setDirection] = useState<'asc' | 'desc'>('asc');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState(false);
  const language = currentLanguage();

  const all = users.data;
  const visible = useMemo(() => visibleUsers(all ?? [], filters, direction), [all, filters, direction]);
  const visibleIds = visible.rows.map((row) => row.id);
  const selectedVisible = visibleIds.filter((id) => selected.has(id)).length;

  const reload = () => void queryClient.invalidateQueries({ queryKey: userKeys.list() });

  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const toggleAll = () =>
    setSelected((current) => {
      const next = new Set(current);
      if (selectedVisible === visibleIds.length) visibleIds.forEach((id) => next.delete(id));
      else visibleIds.forEach((id) => next.add(id));
      return next;
    });

  const remove = async () => {
    const ids = [...selected];
    if (!(await confirm(t('users.deleteConfirm', { count: ids.length })))) return;
    setDeleting(true);
    try {
      await deleteUsers(ids);
      notify.success(t('users.deleted'));
      setSelected(new Set());
      reload();
    } catch (error) {
      notify.failure(error);
    } finally {
      setDeleting(false);
    }
  };

  const filterInput = (column: keyof UserColumnFilters, label: string) => (
    <FilterField
      column={label}
      value={filters[column]}
      onChange={(value) => setFilters((current) => ({ ...current, [column]: value }))}
    />
  );

  const busy = users.isFetching || deleting;
  const header = headerCellSx;

  return (
    <>
      <PageHeader
        title={t('nav.users')}
        description={t('users.description')}
        actions={
          <>
            {(fields.data?.length ?? 0) > 0 && (
              <Button
                color="inherit"
                startIcon={<FilterIcon />}
                aria-expanded={showFieldFilters}
                onClick={() => setShowFieldFilters(!showFieldFilters)}
              >
                {fieldFilterCount > 0
                  ? t('users.additionalFiltersCount', { count: fieldFilterCount })
                  : t('users.additionalFilters')}
              </Button>
            )}
            <Tooltip title={t('common.refresh')}>
              <span>
                <IconButton aria-label={t('common.refresh')} onClick={reload} disabled={busy}>
                  <RefreshIcon />
                </IconButton>
              </span>
            </Tooltip>
            <Button
              variant="outlined"
              color="error"
              startIcon={<DeleteIcon />}
              disabled={selected.size === 0 || busy}
              onClick={() => void remove()}
            >
              {selected.size > 0 ? t('users.deleteSelected', { count: selected.size }) : t('common.delete')}
            </Button>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing(0)}>
              {t('users.new')}
            </Button>
          </>
        }
      />
      {showFieldFilters && fields.data && (
        <AdditionalFieldFilters fields={fields.data} values={fieldFilters} onChange={setFieldFilters} />
      )}
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Box sx={{ height: 3 }}>{busy && <LinearProgress sx={{ height: 3 }} aria-label={t('common.loading')} />}</Box>
        <TableContainer
          tabIndex={0}
          role="region"
          aria-label={t('nav.users')}
          sx={{ maxHeight: 'calc(100dvh - 280px)', minHeight: 240 }}
        >
          <Table stickyHeader size="small" aria-label={t('nav.users')} sx={{ minWidth: USER_TABLE_MIN_WIDTH }}>
            <TableHead>
              <TableRow sx={{ '& > th': { height: HEADER_ROW_HEIGHT } }}>
                <TableCell padding="checkbox">
                  <Checkbox
                    indeterminate={selectedVisible > 0 && selectedVisible < visibleIds.length}
                    checked={visibleIds.length > 0 && selectedVisible === visibleIds.length}
                    onChange={toggleAll}
                    slotProps={{ input: { 'aria-label': t('users.selectAll') } }}
                  />
                </TableCell>
                <TableCell sx={{ ...header, width: '38%' }} sortDirection={direction}>
                  <TableSortLabel
                    active
                    direction={direction}
                    onClick={() => setDirection(direction === 'asc' ? 'desc' : 'asc')}
                  >
                    {t('users.columns.name')}
                  </TableSortLabel>
                </TableCell>
                <TableCell sx={{ ...header, width: '30%' }}>{t('users.columns.email')}</TableCell>
                <TableCell sx={{ ...header, width: '26%' }}>{t('users.columns.companyName')}</TableCell>
                <TableCell sx={{ ...header, width: 56 }} align="right">
                  <Box component="span" sx={visuallyHidden}>
                    {t('common.actions')}
                  </Box>
                </TableCell>
              </TableRow>
              <TableRow>
                <TableCell padding="checkbox" sx={{ top: HEADER_ROW_HEIGHT }} />
                <TableCell sx={{ top: HEADER_ROW_HEIGHT }}>{filterInput('name', t('users.columns.name'))}</TableCell>
                <TableCell sx={{ top: HEADER_ROW_HEIGHT }}>{filterInput('email', t('users.columns.email'))}</TableCell>
                <TableCell sx={{ top: HEADER_ROW_HEIGHT }}>
                  {filterInput('companyName', t('users.columns.companyName'))}
                </TableCell>
                <TableCell sx={{ top: HEADER_ROW_HEIGHT }} />
              </TableRow>
            </TableHead>
            <TableBody>
              {visible.rows.map((row) => {
                const checked = selected.has(row.id);
                return (
                  <TableRow
                    key={row.id}
                    hover
                    selected={checked}
                    onClick={() => setEditing(row.id)}
                    sx={{ cursor: 'pointer' }}
                  >
                    <TableCell padding="checkbox" onClick={(event) => event.stopPropagation()}>
                      <Checkbox
                        checked={checked}
                        onChange={() => toggle(row.id)}
                        slotProps={{ input: { 'aria-label': t('users.select', { name: row.name }) } }}
                      />
                    </TableCell>
                    <TableCell>
                      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
                        <UserAvatar name={row.name} src={row.avatar} />
                        <Box sx={{ minWidth: 0 }}>
                          <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
                            {row.name}
                            {!row.active && (
                              <Chip size="small" label={t('users.inactive')} sx={{ ml: 1, height: 18, fontSize: 10 }} />
                            )}
                          </Typography>
                          <Typography variant="caption" color="text.secondary" noWrap component="div">
                            {row.login}
                          </Typography>
                        </Box>
                      </Stack>
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.email}</TableCell>
                    <TableCell>{row.companyName}</TableCell>
                    <TableCell align="right" onClick={(event) => event.stopPropagation()}>
                      <Tooltip title={t('common.edit')}>
                        <IconButton
                          size="small"
                          aria-label={t('users.edit', { name: row.name })}
                          onClick={() => setEditing(row.id)}
                        >
                          <EditIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </TableCell>
                  </TableRow>
                );
              })}
              {all && visible.rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={5} sx={{ py: 6, textAlign: EMPTY_ALIGN, color: 'text.secondary' }}>
                    {t('users.empty')}
                  </TableCell>
                </TableRow>
              )}
              {users.isError && (
                <TableRow>
                  <TableCell colSpan={5} sx={{ py: 6, textAlign: EMPTY_ALIGN, color: 'error.main' }}>
                    {errorMessage(users.error, t('common.loadError'))}
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
        <Box
          sx={{
            display: 'flex',
            justifyContent: 'space-between',
            gap: 2,
            flexWrap: 'wrap',
            px: 2,
            py: 1.25,
            borderTop: 1,
            borderColor: 'divider',
          }}
        >
          <Typography variant="body2" color="text.secondary">
            {selected.size > 0 ? t('users.selectedCount', { count: selected.size }) : ' '}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {visible.matched > USER_TABLE_ROWS
              ? t('users.moreThanShown', { shown: USER_TABLE_ROWS, total: formatCount(visible.matched, language) })
              : t('users.count', { count: visible.matched, formatted: formatCount(visible.matched, language) })}
          </Typography>
        </Box>
      </Paper>
      {editing !== null && (
        <Suspense fallback={null}>
          <UserFormDialog key={editing} userId={editing} onClose={() => setEditing(null)} onSaved={reload} />
        </Suspense>
      )}
    </>
  );
}

/**
 * The filter row sticks under the header row while the rows scroll: the header row gets this
 * height so the filter row's offset matches it (a smaller header let the filter row cover the
 * first user).
 */
const HEADER_ROW_HEIGHT = 41;
/** Narrower screens scroll the table sideways instead of squeezing the columns and filters. */
const USER_TABLE_MIN_WIDTH = 720;
