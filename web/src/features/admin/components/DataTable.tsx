import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { EMPTY_ALIGN, headerCellSx } from './tableStyles';

export interface Column<T> {
  key: string;
  header: ReactNode;
  render: (row: T) => ReactNode;
  width?: number | string;
  align?: 'left' | 'right' | 'center';
}

/**
 * The plain tables of the administration pages: a progress line while loading, upper-case
 * headers, an optional filter row under them, and the empty message.
 */
export function DataTable<T extends { id: number }>({
  label,
  columns,
  rows,
  loading,
  error,
  filters,
  onRowClick,
  footer,
  minWidth = 600,
}: {
  label: string;
  columns: Column<T>[];
  rows: T[] | undefined;
  loading: boolean;
  error?: string;
  /** Cells of a filter row, one per column key. */
  filters?: Record<string, ReactNode>;
  onRowClick?: (row: T) => void;
  footer?: ReactNode;
  /** Narrower screens scroll the table sideways instead of squeezing its columns and filters. */
  minWidth?: number;
}) {
  const { t } = useTranslation('admin');
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <Box sx={{ height: 3 }}>{loading && <LinearProgress sx={{ height: 3 }} aria-label={t('common.loading')} />}</Box>
      {/* It scrolls sideways on a phone: the keyboard reaches it to scroll it (WCAG 2.1.1). */}
      <TableContainer tabIndex={0} role="region" aria-label={label}>
        <Table size="small" aria-label={label} sx={{ minWidth }}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column.key} align={column.align} sx={{ ...headerCellSx, width: column.width }}>
                  {column.header}
                </TableCell>
              ))}
            </TableRow>
            {filters && (
              <TableRow>
                {columns.map((column) => (
                  <TableCell key={column.key}>{filters[column.key]}</TableCell>
                ))}
              </TableRow>
            )}
          </TableHead>
          <TableBody>
            {rows?.map((row) => (
              <TableRow
                key={row.id}
                hover
                onClick={onRowClick && (() => onRowClick(row))}
                sx={onRowClick ? { cursor: 'pointer' } : undefined}
              >
                {columns.map((column) => (
                  <TableCell key={column.key} align={column.align}>
                    {column.render(row)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
            {(error || rows?.length === 0) && (
              <TableRow>
                <TableCell
                  colSpan={columns.length}
                  sx={{ py: 6, textAlign: EMPTY_ALIGN, color: error ? 'error.main' : 'text.secondary' }}
                >
                  {error ?? t('common.empty')}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {footer && <Box sx={{ px: 2, py: 1.25, borderTop: 1, borderColor: 'divider' }}>{footer}</Box>}
    </Paper>
  );
}

/** Stops a click on a row's action buttons from opening the row. */
export function RowActions({ children }: { children: ReactNode }) {
  return (
    <Box onClick={(event) => event.stopPropagation()} sx={{ display: 'inline-flex', gap: 0.5 }}>
      {children}
    </Box>
  );
}
