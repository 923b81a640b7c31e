/** A header of the spreadsheet matched to a field of the type's first form. */
export interface ImportColumn {
  header: string;
  field: string;
  label: string;
}

/** One refused value (or row); row is the spreadsheet's row number (the header is row 1). */
export interface ImportError {
  row: number;
  field: string;
  message: string;
}

export type ImportState = 'previewed' | 'queued' | 'running' | 'done' | 'failed';

/** The answer of importExcel and getImportStatus. */
export interface ImportStatus {
  importId: number;
  state: ImportState;
  Message: string;
  fileName: string;
  totalRows: number;
  doneRows: number;
  errorCount: number;
  columns: ImportColumn[];
  unmatched: string[];
  /** The first 1,000 errors; errorCount says how many there are. */
  errors: ImportError[];
  /** The first rows as read, by field key (dates as RFC 3339). */
  preview?: Record<string, unknown>[];
  /** The spreadsheet's row number of each preview row. */
  previewRows?: number[];
}
