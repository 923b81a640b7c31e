import { api } from '../../../api/client';
import type { ImportStatus } from './types';

const BASE = '/genericItem';

/** importExcel, step 1: the server keeps the file and checks every row; nothing is written. */
export function previewImport(componentId: number, projectId: number, file: File): Promise<ImportStatus> {
  const body = new FormData();
  // The fields go before the file: the server reads them as the multipart stream arrives.
  body.append('componentId', String(componentId));
  body.append('projectId', String(projectId));
  body.append('file', file, file.name);
  return api.post<ImportStatus>(`${BASE}/importExcel`, body);
}

/** importExcel, step 2: a background job writes every row of a clean preview, all or nothing. */
export function confirmImport(importId: number): Promise<ImportStatus> {
  return api.post<ImportStatus>(`${BASE}/importExcel`, { importId, confirm: true });
}

/** getImportStatus: how far the job writing an import is. */
export function getImportStatus(importId: number, signal?: AbortSignal): Promise<ImportStatus> {
  return api.get<ImportStatus>(`${BASE}/getImportStatus`, { query: { importId }, signal });
}
