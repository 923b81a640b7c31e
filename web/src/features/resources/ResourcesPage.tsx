import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import SearchIcon from '@mui/icons-material/Search';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useSession } from '../../app/useSession';
import { DialogCancelled, useDialogs } from '../../components/dialogs/useDialogs';
import { useDebounced } from '../../components/useDebounced';
import { currentLanguage } from '../../i18n';
import { errorMessage } from '../../lib/format';
import {
  deleteResources,
  NO_FILTER,
  resourceKeys,
  resourcesQuery,
  type Kind,
  type ResourceFilter,
  type ResourceRow,
} from './api';
import { formatCostRate, formatHours } from './calendar';
import './i18n';

const ResourceDialog = lazy(() => import('./ResourceDialog'));

const headerCellSx = {
  fontWeight: 700,
  fontSize: 11,
  letterSpacing: 0.6,
  textTransform: 'uppercase',
  color: 'text.secondary',
  whiteSpace: 'nowrap',
} as const;

type ActiveChoice = 'all' | 'active' | 'inactive';

/**
 * /runtime/{appID}/resourcesList/{title}: people and named resources (getResources), filtered by
 * name, company, kind and status on the server. A row opens the resource form. Everybody who uses
 * the app reads; administrators (panel or application) create, change and delete, as the server
 * allows only them to.
 */
export default function ResourcesPage() {
  const { t } = useTranslation('resources');
  const params = useParams();
  const session = useSession();
  const canEdit = session !== null && (session.hasPanelAdminPermission || session.isAdministratorLogged);
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const { confirm } = useDialogs();
  const language = currentLanguage();
  const [name, setName] = useState('');
  const [company, setCompany] = useState('');
  const [kind, setKind] = useState<Kind>('');
  const [active, setActive] = useState<ActiveChoice>('all');
  const filter: ResourceFilter = {
    ...NO_FILTER,
    name: useDebounced(name.trim(), 300),
    companyName: useDebounced(company.trim(), 300),
    kind,
    active: active === 'all' ? null : active === 'active',
  };
  const resources = useQuery({ ...resourcesQuery(filter), placeholderData: keepPreviousData });
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [open, setOpen] = useState<number | null>(null);
  const [deleting, setDeleting] = useState(false);
  const rows = resources.data;
  const visibleIds = rows?.map((row) => row.id) ?? [];
  const selectedVisible = visibleIds.filter((id) => selected.has(id));
  const filtered = name !== '' || company !== '' || kind !== '' || active !== 'all';

  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const toggleAll = () => setSelected(selectedVisible.length === visibleIds.length ? new Set() : new Set(visibleIds));

  const remove = async () => {
    const ids = selectedVisible;
    try {
      await confirm(t('deleteConfirm', { count: ids.length }));
    } catch (error) {
      if (error instanceof DialogCancelled) return;
      throw error;
    }
    setDeleting(true);
    try {
      await deleteResources(ids);
      enqueueSnackbar(t('deleted'), { variant: 'success' });
      setSelected(new Set());
      void queryClient.invalidateQueries({ queryKey: resourceKeys.lists() });
    } catch (error) {
      enqueueSnackbar(errorMessage(error, t('loadError')), { variant: 'error' });
    } finally {
      setDeleting(false);
    }
  };

  const columns = canEdit ? 7 : 6;
  return (
    <Box sx={{ maxWidth: 1280 }}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'flex-end',
          justifyContent: 'space-between',
          gap: 2,
          mb: 2,
        }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700, fontSize: 22, letterSpacing: -0.2 }}>
            {params.title || t('title')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} aria-live="polite">
            {rows ? t('count', { count: rows.length }) : t('description')}
          </Typography>
        </Box>
        {canEdit && (
          <Stack direction="row" spacing={1}>
            <Button
              variant="outlined"
              color="error"
              startIcon={<DeleteIcon />}
              disabled={selectedVisible.length === 0 || deleting}
              onClick={() => void remove()}
            >
              {t('deleteSelected', { count: selectedVisible.length })}
            </Button>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setOpen(0)}>
              {t('new')}
            </Button>
          </Stack>
        )}
      </Box>
      {!canEdit && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('readOnlyNote')}
        </Alert>
      )}

      <Box
        role="search"
        aria-label={t('filters.label')}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 2 }}
      >
        <TextField
          type="search"
          size="small"
          label={t('filters.name')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          fullWidth={false}
          sx={{ flex: '1 1 220px', maxWidth: { sm: 320 } }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <TextField
          type="search"
          size="small"
          label={t('filters.company')}
          value={company}
          onChange={(event) => setCompany(event.target.value)}
          fullWidth={false}
          sx={{ flex: '1 1 180px', maxWidth: { sm: 240 } }}
        />
        <TextField
          select
          size="small"
          label={t('filters.kind')}
          value={kind || 'all'}
          onChange={(event) => setKind(event.target.value === 'all' ? '' : (event.target.value as Kind))}
          fullWidth={false}
          sx={{ flex: '0 0 200px' }}
        >
          <MenuItem value="all">{t('filters.all')}</MenuItem>
          <MenuItem value="user">{t('kind.users')}</MenuItem>
          <MenuItem value="resource">{t('kind.resources')}</MenuItem>
        </TextField>
        <TextField
          select
          size="small"
          label={t('filters.active')}
          value={active}
          onChange={(event) => setActive(event.target.value as ActiveChoice)}
          fullWidth={false}
          sx={{ flex: '0 0 150px' }}
        >
          <MenuItem value="all">{t('filters.all')}</MenuItem>
          <MenuItem value="active">{t('filters.activeOnly')}</MenuItem>
          <MenuItem value="inactive">{t('filters.inactiveOnly')}</MenuItem>
        </TextField>
        {filtered && (
          <Button
            color="inherit"
            onClick={() => {
              setName('');
              setCompany('');
              setKind('');
              setActive('all');
            }}
          >
            {t('filters.clear')}
          </Button>
        )}
      </Box>

      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Box sx={{ height: 3 }}>
          {(resources.isFetching || deleting) && <LinearProgress sx={{ height: 3 }} aria-label={t('loading')} />}
        </Box>
        <TableContainer>
          <Table size="small" aria-label={t('table')} sx={{ minWidth: 820 }}>
            <TableHead>
              <TableRow>
                {canEdit && (
                  <TableCell padding="checkbox">
                    <Checkbox
                      indeterminate={selectedVisible.length > 0 && selectedVisible.length < visibleIds.length}
                      checked={visibleIds.length > 0 && selectedVisible.length === visibleIds.length}
                      onChange={toggleAll}
                      slotProps={{ input: { 'aria-label': t('selectAll') } }}
                    />
                  </TableCell>
                )}
                <TableCell sx={headerCellSx}>{t('columns.name')}</TableCell>
                <TableCell sx={headerCellSx}>{t('columns.kind')}</TableCell>
                <TableCell sx={headerCellSx}>{t('columns.company')}</TableCell>
                <TableCell sx={headerCellSx}>{t('columns.user')}</TableCell>
                <TableCell sx={headerCellSx} align="right">
                  {t('columns.capacity')}
                </TableCell>
                <TableCell sx={headerCellSx} align="right">
                  {t('columns.costRate')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows?.map((row) => (
                <ResourceLine
                  key={row.id}
                  row={row}
                  canEdit={canEdit}
                  checked={selected.has(row.id)}
                  language={language}
                  onToggle={() => toggle(row.id)}
                  onOpen={() => setOpen(row.id)}
                />
              ))}
              {(resources.isError || rows?.length === 0) && (
                <TableRow>
                  <TableCell colSpan={columns} sx={{ py: 6, textAlign: { xs: 'left', sm: 'center' } }}>
                    {resources.isError ? (
                      <Alert
                        severity="error"
                        sx={{ display: 'inline-flex', textAlign: 'left' }}
                        action={
                          <Button color="inherit" size="small" onClick={() => void resources.refetch()}>
                            {t('retry')}
                          </Button>
                        }
                      >
                        {errorMessage(resources.error, t('loadError'))}
                      </Alert>
                    ) : (
                      <Typography color="text.secondary">{t('empty')}</Typography>
                    )}
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
      {open !== null && (
        <Suspense fallback={null}>
          <ResourceDialog key={open} resourceId={open} canEdit={canEdit} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </Box>
  );
}

function ResourceLine({
  row,
  canEdit,
  checked,
  language,
  onToggle,
  onOpen,
}: {
  row: ResourceRow;
  canEdit: boolean;
  checked: boolean;
  language: string;
  onToggle: () => void;
  onOpen: () => void;
}) {
  const { t } = useTranslation('resources');
  const none = t('none');
  return (
    <TableRow hover selected={checked} onClick={onOpen} sx={{ cursor: 'pointer' }}>
      {canEdit && (
        <TableCell padding="checkbox" onClick={(event) => event.stopPropagation()}>
          <Checkbox
            checked={checked}
            onChange={onToggle}
            slotProps={{ input: { 'aria-label': t('select', { name: row.name }) } }}
          />
        </TableCell>
      )}
      <TableCell>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
          <Avatar src={row.avatar || undefined} alt="" sx={{ width: 28, height: 28, fontSize: 13 }}>
            {row.name.slice(0, 1).toUpperCase()}
          </Avatar>
          <Button
            variant="text"
            color="inherit"
            onClick={(event) => {
              event.stopPropagation();
              onOpen();
            }}
            aria-label={t('open', { name: row.name })}
            sx={{ fontWeight: 600, textTransform: 'none', justifyContent: 'flex-start', px: 0.5, minWidth: 0 }}
          >
            {row.name}
          </Button>
          {!row.active && <Chip size="small" label={t('inactive')} sx={{ height: 20, fontSize: 11 }} />}
        </Stack>
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{t(row.userId === null ? 'kind.resource' : 'kind.user')}</TableCell>
      <TableCell>{row.companyName || none}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.userId === null ? none : row.login || row.email}</TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
        {row.weeklyMinutes > 0 ? t('hoursPerWeek', { hours: formatHours(row.weeklyMinutes, language) }) : none}
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
        {row.costRate === null ? none : t('perHour', { value: formatCostRate(row.costRate, language) })}
      </TableCell>
    </TableRow>
  );
}
