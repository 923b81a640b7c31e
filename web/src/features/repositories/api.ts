import { queryOptions } from '@tanstack/react-query';
import { API_BASE, ApiError, api, redirectToLogin } from '../../api/client';
import { messageFromBody, splitDetailedError } from '../../api/errors';
import { getToken } from '../../app/session';
import i18n, { currentLanguage } from '../../i18n';

// The repository calls (docs/documents.md, "Repositories"): the module's own under /repositories,
// new files through the spec's uploadFiles with projectId and folder.

const base = '/repositories';

export interface Repository {
  projectId: number;
  projectName: string;
  canWrite: boolean;
  files: number;
  folders: number;
}

export interface Folder {
  id: number;
  projectId: number;
  /** null: at the top of the repository. */
  parentId: number | null;
  name: string;
  createdBy: string;
  createdAt: string;
}

export interface Tree {
  projectId: number;
  projectName: string;
  canWrite: boolean;
  /** A manager may end anybody's check-out. */
  canUnlockAny: boolean;
  folders: Folder[];
}

export interface RepositoryFile {
  id: number;
  projectId: number;
  folderId: number | null;
  name: string;
  version: number;
  contentType: string;
  size: number;
  sha256: string;
  modifiedBy: string;
  modifiedAt: string;
  lockedById: number | null;
  lockedBy: string;
  lockedAt: string | null;
}

export interface FilePage {
  files: RepositoryFile[];
  total: number;
  canWrite: boolean;
}

export interface Version {
  version: number;
  contentType: string;
  size: number;
  sha256: string;
  comment: string;
  restoredFrom: number | null;
  createdBy: string;
  createdAt: string;
}

export interface VersionList {
  file: RepositoryFile;
  versions: Version[];
  canWrite: boolean;
}

export const repositoryKeys = {
  all: ['repositories'] as const,
  list: () => [...repositoryKeys.all, 'list'] as const,
  tree: (project: number) => [...repositoryKeys.all, 'tree', project] as const,
  files: (project: number) => [...repositoryKeys.all, 'files', project] as const,
  folderFiles: (project: number, folder: number, page: number, pageSize: number) =>
    [...repositoryKeys.files(project), folder, page, pageSize] as const,
  versions: (file: number) => [...repositoryKeys.all, 'versions', file] as const,
};

export const repositoriesQuery = () =>
  queryOptions({
    queryKey: repositoryKeys.list(),
    queryFn: ({ signal }) =>
      api.get<{ repositories: Repository[] }>(`${base}/loadRepositories`, { signal }).then((r) => r.repositories),
  });

export const treeQuery = (project: number) =>
  queryOptions({
    queryKey: repositoryKeys.tree(project),
    queryFn: ({ signal }) => api.get<Tree>(`${base}/loadTree`, { query: { projectId: project }, signal }),
  });

export const filesQuery = (project: number, folder: number, page: number, pageSize: number) =>
  queryOptions({
    queryKey: repositoryKeys.folderFiles(project, folder, page, pageSize),
    queryFn: ({ signal }) =>
      api.get<FilePage>(`${base}/loadFiles`, {
        query: { projectId: project, folderId: folder, page, pageSize },
        signal,
      }),
  });

export const versionsQuery = (file: number) =>
  queryOptions({
    queryKey: repositoryKeys.versions(file),
    queryFn: ({ signal }) => api.get<VersionList>(`${base}/loadVersions`, { query: { fileId: file }, signal }),
  });

export const createFolder = (projectId: number, parentId: number, name: string) =>
  api.post<Folder>(`${base}/createFolder`, { projectId, parentId, name });
export const renameFolder = (folderId: number, name: string) =>
  api.post<Folder>(`${base}/renameFolder`, { folderId, name });
export const deleteFolder = (folderId: number) => api.post<{ Message: string }>(`${base}/deleteFolder`, { folderId });
export const moveFile = (fileId: number, folderId: number) =>
  api.post<RepositoryFile>(`${base}/moveFile`, { fileId, folderId });
export const lockFile = (fileId: number) => api.post<RepositoryFile>(`${base}/lockFile`, { fileId });
export const unlockFile = (fileId: number) => api.post<RepositoryFile>(`${base}/unlockFile`, { fileId });
export const deleteFile = (fileId: number) => api.post<{ Message: string }>(`${base}/deleteFile`, { fileId });
export const restoreVersion = (fileId: number, version: number, comment: string) =>
  api.post<RepositoryFile>(`${base}/restoreVersion`, { fileId, version, comment });

export interface UploadResult {
  Message: string;
  files: RepositoryFile[];
}

/**
 * uploadFiles into a folder: the fields go before the files, as the server reads the body as it
 * streams in. XMLHttpRequest rather than fetch, as only it reports the upload's progress (0–100).
 */
export function uploadToFolder(
  projectId: number,
  folder: number,
  files: File[],
  onProgress: (percent: number) => void,
): Promise<UploadResult> {
  const body = new FormData();
  body.append('projectId', String(projectId));
  body.append('folder', String(folder));
  for (const file of files) body.append('files', file, file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}/genericItem/uploadFiles`);
    xhr.setRequestHeader('Accept-Language', currentLanguage());
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => reject(new ApiError(0, i18n.t('error.networkError')));
    xhr.onload = () => {
      let answer: unknown;
      try {
        answer = JSON.parse(xhr.responseText) as unknown;
      } catch {
        answer = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(answer as UploadResult);
        return;
      }
      if (xhr.status === 401) redirectToLogin();
      const { message, detail } = splitDetailedError(
        messageFromBody(answer) ?? i18n.t('error.requestFailed', { status: xhr.status }),
      );
      reject(new ApiError(xhr.status, message || i18n.t('error.default'), detail, answer));
    };
    xhr.send(body);
  });
}

/** checkIn: a file's next version with a comment. */
export function checkIn(fileId: number, comment: string, file: File) {
  const body = new FormData();
  body.append('fileId', String(fileId));
  body.append('comment', comment);
  body.append('files', file, file.name);
  return api.post<{ Message: string; files: RepositoryFile[] }>(`${base}/checkIn`, body);
}

/** A version's bytes (0: the newest), fetched with the session's header. */
export const downloadVersion = (fileId: number, version: number) =>
  api.get<Blob>(`${base}/downloadFile`, { query: { fileId, version: version || undefined }, responseType: 'blob' });
