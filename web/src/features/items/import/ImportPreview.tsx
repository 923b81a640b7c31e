import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/valueFormat';
import type { ImportError, ImportStatus } from './types';

// RFC 3339 as the server shows a date cell it could read.
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** A preview cell as text: dates in the list's format (a day at midnight UTC without the time), booleans as yes/no. */
function cellText(value: unknown, yes: string, no: string): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? yes : no;
  const text = String(value);
  if (RFC3339.test(text)) return formatDate(text, text.endsWith('T00:00:00Z') ? 1 : 0);
  return text;
}

/** What a checked spreadsheet holds: its errors first, then the columns matched and the first rows. */
export function ImportPreview({ status }: { status: ImportStatus }) {
  const { t } = useTranslation('items');
  const errorsByRow = new Map<number, ImportError[]>();
  for (const e of status.errors) errorsByRow.set(e.row, [...(errorsByRow.get(e.row) ?? []), e]);
  const rows = status.preview ?? [];
  const rowNumbers = status.previewRows ?? [];
  return (
    <Stack spacing={2.5}>
      {status.errorCount > 0 ? (
        <Alert severity="error" data-testid="import-errors-summary">
          {t('import.hasErrors', { count: status.errorCount })}
        </Alert>
      ) : (
        status.state === 'previewed' && (
          <Alert severity="success" data-testid="import-ok">
            {t('import.noErrors', { count: status.totalRows })}
          </Alert>
        )
      )}

      {status.errors.length > 0 && (
        <Box>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
            {t('import.errorsTitle')}
            {status.errors.length < status.errorCount &&
              ` · ${t('import.errorsCapped', { shown: status.errors.length, count: status.errorCount })}`}
          </Typography>
          <TableContainer sx={{ maxHeight: 220, border: 1, borderColor: 'divider', borderRadius: 1 }}>
            <Table size="small" stickyHeader aria-label={t('import.errorsTitle')}>
              <TableHead>
                <TableRow>
                  <TableCell sx={{ width: 80 }}>{t('import.row')}</TableCell>
                  <TableCell sx={{ width: 200 }}>{t('import.field')}</TableCell>
                  <TableCell>{t('import.error')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {status.errors.map((e, i) => (
                  <TableRow key={i} data-testid="import-error">
                    <TableCell>{e.row || '—'}</TableCell>
                    <TableCell>{e.field || '—'}</TableCell>
                    <TableCell sx={{ color: 'error.main' }}>{e.message}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Box>
      )}

      {status.columns.length > 0 && (
        <Box>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
            {t('import.columnsTitle')}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {status.columns.map((c) => (
              <Chip
                key={c.field}
                size="small"
                color="primary"
                variant="outlined"
                label={c.header.toLowerCase() === c.label.toLowerCase() ? c.label : `${c.header} → ${c.label}`}
              />
            ))}
          </Box>
          {status.unmatched.length > 0 && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="import-unmatched">
              {t('import.unmatched', { columns: status.unmatched.join(', ') })}
            </Typography>
          )}
        </Box>
      )}

      {rows.length > 0 && (
        <Box>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
            {rows.length < status.totalRows
              ? t('import.previewSome', { shown: rows.length, count: status.totalRows })
              : t('import.previewAll', { count: status.totalRows })}
          </Typography>
          <TableContainer sx={{ maxHeight: 320, border: 1, borderColor: 'divider', borderRadius: 1 }}>
            <Table size="small" stickyHeader aria-label={t('import.previewTitle')}>
              <TableHead>
                <TableRow>
                  <TableCell sx={{ width: 70 }}>{t('import.row')}</TableCell>
                  {status.columns.map((c) => (
                    <TableCell key={c.field} sx={{ whiteSpace: 'nowrap' }}>
                      {c.label}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row, i) => {
                  const number = rowNumbers[i] ?? 0;
                  const errors = errorsByRow.get(number) ?? [];
                  const wrongFields = new Set(errors.map((e) => e.field));
                  return (
                    <TableRow
                      key={number || i}
                      data-testid="import-preview-row"
                      data-invalid={errors.length > 0 || undefined}
                      sx={errors.length ? { bgcolor: (theme) => alpha(theme.palette.error.main, 0.06) } : undefined}
                    >
                      <TableCell
                        sx={{
                          color: errors.length ? 'error.main' : 'text.secondary',
                          fontWeight: errors.length ? 600 : undefined,
                        }}
                      >
                        {number || ''}
                      </TableCell>
                      {status.columns.map((c) => {
                        const wrong = wrongFields.has(c.label);
                        return (
                          <TableCell
                            key={c.field}
                            title={
                              wrong
                                ? errors
                                    .filter((e) => e.field === c.label)
                                    .map((e) => e.message)
                                    .join('; ')
                                : undefined
                            }
                            sx={
                              wrong
                                ? {
                                    color: 'error.main',
                                    fontWeight: 600,
                                    textDecoration: 'underline wavy',
                                    textDecorationColor: (theme) => alpha(theme.palette.error.main, 0.6),
                                  }
                                : undefined
                            }
                          >
                            {cellText(row[c.field], t('list.yes'), t('list.no'))}
                          </TableCell>
                        );
                      })}
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        </Box>
      )}
    </Stack>
  );
}
