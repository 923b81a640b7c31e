import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../api/client';
import { saveBlob } from '../../lib/download';
import { downloadWorkbook, reportQuery, type ReportResult } from './api';
import { formatValue } from './format';
import { readParams, writeParams, type FilledParams, type ReportParams } from './params';
import { ReportChart } from './ReportChart';
import { ReportParameters } from './ReportParameters';
import { ReportTable } from './ReportTable';
import './i18n';

/**
 * The report viewer (spec section 2): /runtime/{appID}/report/{reportID}/{title}, /report and
 * /General/ReportPanel.aspx (reportID in the query). It renders GET /api/reportviewer's answer
 * (docs/reports.md): the parameter form, the chart, the grouped rows with subtotals and the totals.
 */
export default function ReportPage() {
  const { t } = useTranslation('reports');
  const path = useParams();
  const [search, setSearch] = useSearchParams();
  const params = readParams({ appID: path.appID, reportID: path.reportID }, search);
  const report = useQuery({ ...reportQuery(params), enabled: params.reportID > 0, placeholderData: keepPreviousData });
  const title = path.title || report.data?.name || t('page.title');
  return (
    <Box sx={{ maxWidth: 1400 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {params.reportID === 0 && <Alert severity="info">{t('page.noReport')}</Alert>}
      {params.reportID > 0 && report.isPending && (
        <Box aria-busy="true" aria-label={t('page.loading')}>
          <Skeleton variant="rounded" height={320} />
        </Box>
      )}
      {report.isError && <LoadFailed error={report.error} appID={params.appID} onRetry={() => void report.refetch()} />}
      {report.data && (
        <ReportView
          key={report.data.reportId}
          report={report.data}
          params={params}
          loading={report.isFetching}
          onApply={(filled) => setSearch(writeParams(search, filled))}
        />
      )}
    </Box>
  );
}

function LoadFailed({ error, appID, onRetry }: { error: Error; appID: number; onRetry: () => void }) {
  const { t } = useTranslation('reports');
  // Bad parameters and missing reports are the reader's to fix: retrying changes nothing.
  const final = isApiError(error) && error.status >= 400 && error.status < 500;
  return (
    <Alert
      severity={final ? 'warning' : 'error'}
      action={
        final ? (
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
      {final ? error.message : t('page.loadFailed', { message: error.message })}
    </Alert>
  );
}

interface ReportViewProps {
  report: ReportResult;
  params: ReportParams;
  loading: boolean;
  onApply: (filled: FilledParams) => void;
}

function ReportView({ report, params, loading, onApply }: ReportViewProps) {
  const { t, i18n } = useTranslation('reports');
  const { enqueueSnackbar } = useSnackbar();
  const exportExcel = useMutation({
    mutationFn: () => downloadWorkbook(params),
    onSuccess: (blob) => saveBlob(blob, `${report.name}.xlsx`),
    onError: (error) => enqueueSnackbar(t('page.exportFailed', { message: error.message }), { variant: 'error' }),
  });
  const filled: FilledParams = {
    from: params.from,
    to: params.to,
    project: params.project,
    status: params.status,
    responsible: params.responsible,
  };
  return (
    <>
      <ReportParameters
        key={JSON.stringify(filled)}
        report={report}
        value={filled}
        onApply={onApply}
        onExport={() => exportExcel.mutate()}
        exporting={exportExcel.isPending}
      />
      {loading ? <LinearProgress aria-label={t('page.loading')} sx={{ mb: 1 }} /> : <Box sx={{ height: 4, mb: 1 }} />}
      <Stack
        component="section"
        aria-label={t('totals.title')}
        direction="row"
        useFlexGap
        sx={{ gap: 1, flexWrap: 'wrap', mb: 2 }}
      >
        {report.aggregates.map((a, i) => (
          <Chip
            key={`${a.function}-${a.field ?? ''}`}
            label={`${a.name}: ${formatValue(a.type, report.totals[i], i18n.language, [t('yes'), t('no')]) || '—'}`}
          />
        ))}
      </Stack>
      {report.rowCount === 0 ? (
        <Alert severity="info">{t('page.noRows')}</Alert>
      ) : (
        <>
          <ReportChart report={report} />
          {report.truncated && (
            <Alert severity="info" sx={{ mb: 1 }}>
              {t('page.truncated', { shown: report.rows.length, count: report.rowCount })}
            </Alert>
          )}
          <Paper variant="outlined">
            <ReportTable report={report} />
          </Paper>
        </>
      )}
    </>
  );
}
