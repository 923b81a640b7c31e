import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../lib/format';
import type { OperationOutcome, TableColumn } from './api';
import { formatCell } from './format';
import './i18n';

/** What the operation answered: its message, its table, or the file it gave (already saved once). */
export function ResultView({
  outcome,
  onSave,
}: {
  outcome: OperationOutcome;
  onSave: (file: { name: string; blob: Blob }) => void;
}) {
  const { t, i18n } = useTranslation('operations');
  if (outcome.kind === 'file') {
    return (
      <Alert
        severity="success"
        action={
          <Button color="inherit" size="small" onClick={() => onSave(outcome)}>
            {t('result.downloadAgain')}
          </Button>
        }
      >
        {t('result.file', { name: outcome.name, size: formatBytes(outcome.blob.size, i18n.language) })}
      </Alert>
    );
  }
  if (outcome.kind === 'message') return <Alert severity="success">{outcome.message || t('result.done')}</Alert>;
  return (
    <Stack spacing={1.5}>
      {outcome.message && <Alert severity="success">{outcome.message}</Alert>}
      <ResultTable columns={outcome.columns} rows={outcome.rows} />
    </Stack>
  );
}

function ResultTable({ columns, rows }: { columns: TableColumn[]; rows: Record<string, unknown>[] }) {
  const { t, i18n } = useTranslation('operations');
  const yesNo = { yes: t('result.yes'), no: t('result.no') };
  return (
    <>
      <TableContainer component={Paper} variant="outlined" sx={{ maxHeight: '70vh' }}>
        <Table size="small" stickyHeader aria-label={t('result.title')}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column.key} sx={{ fontWeight: 600, textTransform: 'uppercase', whiteSpace: 'nowrap' }}>
                  {column.name}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={Math.max(columns.length, 1)} sx={{ color: 'text.secondary' }}>
                  {t('result.noRows')}
                </TableCell>
              </TableRow>
            )}
            {rows.map((row, index) => (
              <TableRow key={index} hover>
                {columns.map((column) => {
                  const value = row[column.key];
                  return (
                    <TableCell key={column.key} align={typeof value === 'number' ? 'right' : 'left'}>
                      {formatCell(value, i18n.language, yesNo)}
                    </TableCell>
                  );
                })}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Typography variant="caption" color="text.secondary">
        {t('result.rows', { count: rows.length })}
      </Typography>
    </>
  );
}
