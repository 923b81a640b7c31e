import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/EditOutlined';
import MembersIcon from '@mui/icons-material/GroupOutlined';
import SearchIcon from '@mui/icons-material/Search';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useSession } from '../../app/useSession';
import { useDebounced } from '../../components/useDebounced';
import { fromStoredDate } from '../../lib/dates';
import { errorMessage } from '../../lib/format';
import { projectsQuery, type ProjectRow, type StatusFilter } from './api';
import { projectPath } from './paths';
import { useProjectDialogs } from './useProjectDialogs';
import './i18n';

const FILTERS: StatusFilter[] = ['active', 'archived', 'all'];

const headerCellSx = {
  fontWeight: 700,
  fontSize: 11,
  letterSpacing: 0.6,
  textTransform: 'uppercase',
  color: 'text.secondary',
  whiteSpace: 'nowrap',
} as const;

/**
 * /runtime/{appID}/projects/{title}: the projects the user may read (listProjects), searched by
 * name or code and filtered by status; each opens its project page. A panel administrator creates
 * projects; a project's manager (or an administrator) edits it and its members.
 */
export default function ProjectsPage() {
  const { t } = useTranslation('projects');
  const params = useParams();
  const appID = params.appID ?? '';
  const session = useSession();
  const theme = useTheme();
  // On a phone the table keeps name, status and actions; the rest goes under the name.
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  const admin = session?.hasPanelAdminPermission === true;
  const [text, setText] = useState('');
  const [status, setStatus] = useState<StatusFilter>('active');
  const search = useDebounced(text.trim(), 300);
  const projects = useQuery(projectsQuery(status, search));
  const dialogs = useProjectDialogs();
  const title = params.title || t('title');
  const rows = projects.data;
  const mayEdit = (row: ProjectRow) => row.canEdit;

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
            {title}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} aria-live="polite">
            {rows ? t('list.count', { count: rows.length }) : t('list.description')}
          </Typography>
        </Box>
        {admin && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={dialogs.newProject}>
            {t('list.new')}
          </Button>
        )}
      </Box>

      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 2 }}>
        <TextField
          type="search"
          size="small"
          label={t('list.search')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          fullWidth={false}
          sx={{ flex: '1 1 260px', maxWidth: { sm: 380 } }}
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
        <ToggleButtonGroup
          exclusive
          size="small"
          value={status}
          onChange={(_event, next: StatusFilter | null) => next && setStatus(next)}
          aria-label={t('list.statusFilter')}
        >
          {FILTERS.map((filter) => (
            <ToggleButton key={filter} value={filter} sx={{ px: 2 }}>
              {t(`list.filter.${filter}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>

      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Box sx={{ height: 3 }}>
          {projects.isFetching && <LinearProgress sx={{ height: 3 }} aria-label={t('list.loading')} />}
        </Box>
        <TableContainer>
          <Table size="small" aria-label={t('list.table')} sx={{ minWidth: narrow ? 0 : 760 }}>
            <TableHead>
              <TableRow>
                <TableCell sx={headerCellSx}>{t('list.columns.name')}</TableCell>
                {!narrow && (
                  <>
                    <TableCell sx={headerCellSx}>{t('list.columns.code')}</TableCell>
                    <TableCell sx={headerCellSx}>{t('list.columns.manager')}</TableCell>
                    <TableCell sx={headerCellSx}>{t('list.columns.start')}</TableCell>
                    <TableCell sx={headerCellSx}>{t('list.columns.finish')}</TableCell>
                  </>
                )}
                <TableCell sx={headerCellSx}>{t('list.columns.status')}</TableCell>
                {!narrow && <TableCell sx={headerCellSx}>{t('list.columns.members')}</TableCell>}
                <TableCell sx={headerCellSx} align="right">
                  {t('list.columns.actions')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows?.map((row) => (
                <ProjectLine
                  key={row.id}
                  row={row}
                  appID={appID}
                  mayEdit={mayEdit(row)}
                  narrow={narrow}
                  onMembers={() => dialogs.editMembers(row.id)}
                  onEdit={() => dialogs.editProject(row.id)}
                />
              ))}
              {(projects.isError || rows?.length === 0) && (
                <TableRow>
                  <TableCell colSpan={narrow ? 3 : 8} sx={{ py: 6, textAlign: { xs: 'left', sm: 'center' } }}>
                    {projects.isError ? (
                      <Alert
                        severity="error"
                        sx={{ display: 'inline-flex', textAlign: 'left' }}
                        action={
                          <Button color="inherit" size="small" onClick={() => void projects.refetch()}>
                            {t('list.retry')}
                          </Button>
                        }
                      >
                        {errorMessage(projects.error, t('list.loadError'))}
                      </Alert>
                    ) : (
                      <EmptyText search={search} status={status} admin={admin} />
                    )}
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
      {dialogs.dialogs}
    </Box>
  );
}

function EmptyText({ search, status, admin }: { search: string; status: StatusFilter; admin: boolean }) {
  const { t } = useTranslation('projects');
  if (search) {
    return <Typography color="text.secondary">{t('list.noMatch', { text: search })}</Typography>;
  }
  return (
    <>
      <Typography color="text.secondary">{t(`list.empty.${status}`)}</Typography>
      {admin && status !== 'archived' && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {t('list.emptyAdmin')}
        </Typography>
      )}
    </>
  );
}

function ProjectLine({
  row,
  appID,
  mayEdit,
  narrow,
  onMembers,
  onEdit,
}: {
  row: ProjectRow;
  appID: string;
  mayEdit: boolean;
  narrow: boolean;
  onMembers: () => void;
  onEdit: () => void;
}) {
  const { t } = useTranslation('projects');
  const none = t('list.none');
  const date = (value: string) => fromStoredDate(value, 'DD/MM/YYYY') || none;
  const team =
    t('list.people', { count: row.members }) + (row.groups > 0 ? ` · ${t('list.groups', { count: row.groups })}` : '');
  const dates = row.startDate || row.finishDate ? `${date(row.startDate)} – ${date(row.finishDate)}` : '';
  return (
    <TableRow hover>
      <TableCell sx={{ maxWidth: 320 }}>
        <Link component={RouterLink} to={projectPath(appID, row)} sx={{ fontWeight: 600 }} underline="hover">
          {row.name}
        </Link>
        {narrow && (
          <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 0.25 }}>
            {[row.code, row.managerName, dates, team].filter(Boolean).join(' · ')}
          </Typography>
        )}
      </TableCell>
      {!narrow && (
        <>
          <TableCell sx={{ whiteSpace: 'nowrap', color: 'text.secondary' }}>{row.code || none}</TableCell>
          <TableCell>{row.managerName || none}</TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{date(row.startDate)}</TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{date(row.finishDate)}</TableCell>
        </>
      )}
      <TableCell>
        <Chip
          size="small"
          label={t(`status.${row.status}`)}
          color={row.status === 'active' ? 'success' : 'default'}
          variant={row.status === 'active' ? 'outlined' : 'filled'}
        />
      </TableCell>
      {!narrow && <TableCell sx={{ whiteSpace: 'nowrap' }}>{team}</TableCell>}
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {mayEdit && (
          <Tooltip title={t('list.edit')}>
            <IconButton size="small" aria-label={t('list.editOf', { name: row.name })} onClick={onEdit}>
              <EditIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
        <Tooltip title={t('list.members')}>
          <IconButton size="small" aria-label={t('list.membersOf', { name: row.name })} onClick={onMembers}>
            <MembersIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </TableCell>
    </TableRow>
  );
}
