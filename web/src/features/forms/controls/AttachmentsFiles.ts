import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, isApiError } from '../../../api/client';
import { DialogCancelled, useDialogs } from '../../../components/dialogs/useDialogs';
import { attachmentLink, attachmentsQuery, deleteAttachment, relationKeys, uploadFiles, type Attachment } from '../api';
import { useFormRuntime } from '../context';

/** 1,5 MB / 1.5 MB: a file size in the reader's language. */
export function formatSize(bytes: number, language: string): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: digits }).format(value)} ${units[unit]}`;
}

/** What a refused call said: the server's Message and, when it names files, each of them. */
export interface FileProblem {
  message: string;
  details: string[];
}

function problemOf(error: unknown): FileProblem {
  if (!isApiError(error)) return { message: error instanceof Error ? error.message : String(error), details: [] };
  const validations = (error.body as { Validations?: { Message?: string }[] } | undefined)?.Validations ?? [];
  const details = validations.map((v) => v.Message ?? '').filter((text) => text && text !== error.message);
  return { message: error.message, details };
}

/**
 * The files of the form's item (loadAttachments) and what the attachments and file chooser
 * controls do with them: upload, download under the server's name, delete.
 */
export function useItemFiles() {
  const { t, i18n } = useTranslation('forms');
  const { item, componentId, readOnly } = useFormRuntime();
  const { enqueueSnackbar } = useSnackbar();
  const { confirm } = useDialogs();
  const queryClient = useQueryClient();
  const itemId = Number(item.id ?? 0);
  const query = useQuery(attachmentsQuery(itemId, componentId));
  const [problem, setProblem] = useState<FileProblem | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: relationKeys.files(itemId) });

  const upload = useMutation({
    mutationFn: ({ kind, files }: { kind: Attachment['kind']; files: File[] }) =>
      uploadFiles(itemId, componentId, kind, files),
    onMutate: () => setProblem(null),
    onSuccess: (result) => {
      enqueueSnackbar(result.Message, { variant: 'success' });
      return refresh();
    },
    onError: (error) => {
      setProblem(problemOf(error));
      return refresh();
    },
  });

  const remove = useMutation({
    mutationFn: (file: Attachment) => deleteAttachment(file.id),
    onMutate: () => setProblem(null),
    onSuccess: (result) => {
      enqueueSnackbar(result.Message, { variant: 'success' });
      return refresh();
    },
    onError: (error) => setProblem(problemOf(error)),
  });

  return {
    itemId,
    query,
    problem,
    /** The caller may add and delete files: the server says so, and the form is not read-only. */
    canEdit: Boolean(query.data?.canEdit) && !readOnly,
    uploading: upload.isPending ? upload.variables.files.length : 0,
    size: (bytes: number) => formatSize(bytes, i18n.language),
    /** Sends files of one kind; attachments past the item's limit are refused before anything is sent. */
    upload: (kind: Attachment['kind'], files: File[]) => {
      const list = query.data;
      if (files.length === 0) return;
      // Files chosen before the list arrived are sent all the same: the server checks the count too.
      if (kind === 'attachment' && list && list.files.length + files.length > list.maxCount) {
        setProblem({ message: t('files.tooMany', { qtd: list.maxCount }), details: [] });
        return;
      }
      upload.mutate({ kind, files });
    },
    /** Opens the file through a link made now (it checks access again), under the server's name. */
    download: async (file: Attachment) => {
      try {
        const link = await attachmentLink(file.id);
        const anchor = document.createElement('a');
        anchor.href = link.signedUrl;
        // Empty: the browser takes the name from the server's Content-Disposition.
        anchor.download = '';
        anchor.style.display = 'none';
        document.body.appendChild(anchor);
        anchor.click();
        anchor.remove();
      } catch (error) {
        setProblem(problemOf(error));
      }
    },
    remove: async (file: Attachment) => {
      try {
        await confirm(t('files.removeConfirm', { name: file.name }), t('files.removeTitle'));
      } catch (error) {
        if (error instanceof DialogCancelled) return;
        throw error;
      }
      remove.mutate(file);
    },
    removing: remove.isPending ? remove.variables.id : null,
  };
}

// Signatures and stamps (signFileAttachment, stampFileAttachment; docs/items.md "Signatures and stamps").

/** One signature of a version of a file. */
export interface FileSignature {
  id: number;
  fileId: number;
  version: number;
  sha256: string;
  signerId: number;
  signerName: string;
  signerLogin: string;
  signedAt: string;
  latitude: number | null;
  longitude: number | null;
  code: string;
  /** downloadSignatureProtocol's address; empty when no protocol was issued. */
  protocolUrl: string;
  mine: boolean;
}

/** A file's signatures, stamp and earlier versions (loadFileSignatures). */
export interface FileSignatures {
  fileId: number;
  version: number;
  isPdf: boolean;
  stamped: boolean;
  stampedAt: string | null;
  stampedBy: string;
  stampCode: string;
  signedByMe: boolean;
  signatures: FileSignature[];
  versions: { version: number; size: number; sha256: string; createdAt: string; url: string }[];
}

export interface SignRequest {
  attachment: number;
  password: string;
  latitude?: number;
  longitude?: number;
}

export interface SignResult {
  Message: string;
  protocolIssued: boolean;
  signature: FileSignature;
  file: FileSignatures;
}

export function fileSignaturesQuery(itemId: number, componentId: number) {
  return queryOptions({
    // Under the files' key: an upload or a delete asks again for the signatures too.
    queryKey: [...relationKeys.files(itemId), 'signatures'] as const,
    queryFn: ({ signal }) =>
      api.get<{ files: FileSignatures[] }>('/genericItem/loadFileSignatures', {
        query: { itemId, componentId },
        signal,
      }),
    enabled: itemId > 0,
  });
}

export const signFile = (request: SignRequest) => api.post<SignResult>('/genericItem/signFileAttachment', request);
export const stampFile = (fileId: number) =>
  api.post<{ Message: string; file: FileSignatures }>('/genericItem/stampFileAttachment', { attachment: fileId });

/** Downloads a call's file (it needs the session's header) under the server's name. */
async function saveFrom(path: string, fallbackName: string) {
  const blob = await api.get<Blob>(path.replace(/^\/api/, ''), { responseType: 'blob' });
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fallbackName;
  anchor.style.display = 'none';
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * The signatures of the form's item's files and what the attachments control does with them:
 * sign (the dialog asks for the password), stamp a signed PDF, download a protocol or the
 * version a stamp replaced. Refusals show the server's Message.
 */
export function useFileSignatures() {
  const { t } = useTranslation('forms');
  const { item, componentId } = useFormRuntime();
  const { enqueueSnackbar } = useSnackbar();
  const { confirm } = useDialogs();
  const queryClient = useQueryClient();
  const itemId = Number(item.id ?? 0);
  const query = useQuery(fileSignaturesQuery(itemId, componentId));
  const [problem, setProblem] = useState<FileProblem | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: relationKeys.files(itemId) });
  const byFile = new Map((query.data?.files ?? []).map((f) => [f.fileId, f]));

  const sign = useMutation({
    mutationFn: signFile,
    onMutate: () => setProblem(null),
    onSuccess: (result) => {
      // No protocol template: the signature stands and the server's Message says the protocol was not issued.
      enqueueSnackbar(result.Message, { variant: result.protocolIssued ? 'success' : 'warning' });
      return refresh();
    },
  });

  const stamp = useMutation({
    mutationFn: stampFile,
    onMutate: () => setProblem(null),
    onSuccess: (result) => {
      enqueueSnackbar(result.Message, { variant: 'success' });
      return refresh();
    },
    onError: (error) => setProblem(problemOf(error)),
  });

  return {
    query,
    problem,
    of: (fileId: number) => byFile.get(fileId),
    /** Signs; a refusal (wrong password…) rejects with the server's error for the dialog to show. */
    sign: (request: SignRequest) => sign.mutateAsync(request),
    signing: sign.isPending,
    stamp: async (file: Attachment) => {
      const info = byFile.get(file.id);
      const version = info?.version ?? 1;
      try {
        await confirm(
          t('signature.stampConfirm', { name: file.name, version, next: version + 1 }),
          t('signature.stampTitle'),
        );
      } catch (error) {
        if (error instanceof DialogCancelled) return;
        throw error;
      }
      stamp.mutate(file.id);
    },
    stamping: stamp.isPending ? stamp.variables : null,
    download: async (path: string, name: string) => {
      try {
        await saveFrom(path, name);
      } catch (error) {
        setProblem(problemOf(error));
      }
    },
  };
}

/** The browser's position for a signature, when the user asks for it. */
export function currentPosition(): Promise<{ latitude: number; longitude: number }> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) {
      reject(new Error('unavailable'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
      (error) => reject(new Error(error.message || String(error.code))),
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 60_000 },
    );
  });
}

export { problemOf };
