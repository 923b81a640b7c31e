import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { errorMessage, formatCount } from '../../lib/format';
import { repositoriesQuery } from './api';
import { repositoryPath } from './paths';
import './i18n';

/** /runtime/{appID}/repositories/{title}: the repositories of the projects the user takes part in. */
export default function RepositoriesPage() {
  const { t, i18n } = useTranslation('repositories');
  const params = useParams();
  const appID = params.appID ?? '';
  const title = params.title || t('title');
  const list = useQuery(repositoriesQuery());
  const rows = list.data;

  return (
    <Box sx={{ maxWidth: 1080 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, fontSize: 22 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 2 }} aria-live="polite">
        {rows ? t('list.count', { count: rows.length }) : t('list.description')}
      </Typography>
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Box sx={{ height: 3 }}>{list.isFetching && <LinearProgress sx={{ height: 3 }} />}</Box>
        <TableContainer>
          <Table size="small" aria-label={t('list.table')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('list.project')}</TableCell>
                <TableCell align="right">{t('list.folders')}</TableCell>
                <TableCell align="right">{t('list.files')}</TableCell>
                <TableCell>{t('list.access')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows?.map((row) => (
                <TableRow key={row.projectId} hover>
                  <TableCell>
                    <Link component={RouterLink} to={repositoryPath(appID, row.projectId, row.projectName)}>
                      {row.projectName}
                    </Link>
                  </TableCell>
                  <TableCell align="right">{formatCount(row.folders, i18n.language)}</TableCell>
                  <TableCell align="right">{formatCount(row.files, i18n.language)}</TableCell>
                  <TableCell>{row.canWrite ? t('list.write') : t('list.read')}</TableCell>
                </TableRow>
              ))}
              {(list.isError || rows?.length === 0) && (
                <TableRow>
                  <TableCell colSpan={4} sx={{ py: 5, textAlign: 'center' }}>
                    {list.isError ? (
                      <Alert
                        severity="error"
                        sx={{ display: 'inline-flex', textAlign: 'left' }}
                        action={
                          <Button color="inherit" size="small" onClick={() => void list.refetch()}>
                            {t('list.retry')}
                          </Button>
                        }
                      >
                        {errorMessage(list.error, t('list.loadError'))}
                      </Alert>
                    ) : (
                      t('list.empty')
                    )}
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
    </Box>
  );
}
