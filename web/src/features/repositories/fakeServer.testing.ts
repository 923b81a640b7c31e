import { vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/renderApp';
import type { Folder, RepositoryFile, Version } from './api';

// The repository calls answered from memory for the screens' tests: one project (4, "Obra Norte")
// with folders, files and versions kept as the server keeps them. Uploads go through a fake
// XMLHttpRequest that reports progress and answers like uploadFiles.

export const APP_PATH = '/runtime/2';

export function fileOf(id: number, name: string, folderId: number | null, change: Partial<RepositoryFile> = {}) {
  return {
    id,
    projectId: 4,
    folderId,
    name,
    version: 1,
    contentType: 'application/pdf',
    size: 2048,
    sha256: 'ab',
    modifiedBy: 'Ana',
    modifiedAt: '2026-03-02T10:00:00Z',
    lockedById: null,
    lockedBy: '',
    lockedAt: null,
    ...change,
  } satisfies RepositoryFile;
}

export function fakeRepositoryServer({ canWrite = true, failLock = '' } = {}) {
  const folders: Folder[] = [
    { id: 10, projectId: 4, parentId: null, name: 'Contratos', createdBy: 'Ana', createdAt: '2026-03-01T10:00:00Z' },
    { id: 11, projectId: 4, parentId: 10, name: '2026', createdBy: 'Ana', createdAt: '2026-03-01T10:00:00Z' },
  ];
  const files: RepositoryFile[] = [fileOf(100, 'contrato.pdf', 10, { version: 2 })];
  const versions: Record<number, Version[]> = {
    100: [
      {
        version: 2,
        contentType: 'application/pdf',
        size: 2048,
        sha256: 'b',
        comment: 'Cláusula 3',
        restoredFrom: null,
        createdBy: 'Caio',
        createdAt: '2026-03-02T10:00:00Z',
      },
      {
        version: 1,
        contentType: 'application/pdf',
        size: 1024,
        sha256: 'a',
        comment: '',
        restoredFrom: null,
        createdBy: 'Ana',
        createdAt: '2026-03-01T10:00:00Z',
      },
    ],
  };
  const calls: { path: string; body: unknown }[] = [];
  let nextId = 200;

  const fetch = mockFetch({}, (url, init) => {
    const address = new URL(url, 'http://test');
    const path = address.pathname.replace(/^\/api/, '');
    const query = Object.fromEntries(address.searchParams);
    const body =
      init?.body instanceof FormData
        ? Object.fromEntries(init.body.entries())
        : ((init?.body ? JSON.parse(String(init.body)) : {}) as Record<string, unknown>);
    calls.push({ path, body: init?.body ? body : query });
    switch (path) {
      case '/repositories/loadRepositories':
        return jsonResponse({
          repositories: [
            { projectId: 4, projectName: 'Obra Norte', canWrite, files: files.length, folders: folders.length },
            { projectId: 5, projectName: 'Sede', canWrite: false, files: 0, folders: 0 },
          ],
        });
      case '/repositories/loadTree':
        return jsonResponse({ projectId: 4, projectName: 'Obra Norte', canWrite, canUnlockAny: false, folders });
      case '/repositories/loadFiles': {
        const folder = Number(query.folderId) || null;
        const list = files.filter((f) => f.folderId === folder);
        return jsonResponse({ files: list, total: list.length, canWrite });
      }
      case '/repositories/createFolder': {
        const made = {
          id: nextId++,
          projectId: 4,
          parentId: Number(body.parentId) || null,
          name: String(body.name),
          createdBy: 'Maria',
          createdAt: '2026-03-03T10:00:00Z',
        };
        folders.push(made);
        return jsonResponse(made);
      }
      case '/repositories/loadVersions':
        return jsonResponse({
          file: files.find((f) => f.id === Number(query.fileId)),
          versions: versions[Number(query.fileId)] ?? [],
          canWrite,
        });
      case '/repositories/restoreVersion': {
        const file = files.find((f) => f.id === Number(body.fileId))!;
        const from = versions[file.id]!.find((v) => v.version === Number(body.version))!;
        file.version += 1;
        versions[file.id]!.unshift({
          ...from,
          version: file.version,
          restoredFrom: from.version,
          comment: '',
          createdBy: 'Maria',
        });
        return jsonResponse(file);
      }
      case '/repositories/checkIn': {
        const file = files.find((f) => f.id === Number(body.fileId))!;
        file.version += 1;
        versions[file.id]!.unshift({
          version: file.version,
          contentType: 'application/pdf',
          size: 10,
          sha256: 'c',
          comment: String(body.comment),
          restoredFrom: null,
          createdBy: 'Maria',
          createdAt: '2026-03-04T10:00:00Z',
        });
        return jsonResponse({ Message: `Versão ${file.version} registrada.`, files: [file] });
      }
      case '/repositories/lockFile':
        if (failLock) return jsonResponse({ Message: failLock }, 409);
        return jsonResponse({ ...files[0], lockedById: 7, lockedBy: 'Maria Souza', lockedAt: '2026-03-04T10:00:00Z' });
      default:
        return jsonResponse({ Message: `unexpected ${path}` }, 500);
    }
  });

  const uploads: FormData[] = [];
  class FakeXHR {
    upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
      onprogress: null,
    };
    status = 0;
    responseText = '';
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    headers: Record<string, string> = {};
    url = '';
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    send(form: FormData) {
      uploads.push(form);
      const sent = form.getAll('files') as File[];
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      setTimeout(() => {
        const folder = Number(form.get('folder')) || null;
        const made = sent.map((f) => fileOf(nextId++, f.name, folder, { modifiedBy: 'Maria Souza' }));
        files.push(...made);
        this.status = 200;
        this.responseText = JSON.stringify({ Message: `Arquivos enviados: ${made.length}.`, files: made });
        this.onload?.();
      }, 400);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXHR);

  return {
    fetch,
    uploads,
    bodies: (path: string) => calls.filter((c) => c.path === path).map((c) => c.body),
  };
}
