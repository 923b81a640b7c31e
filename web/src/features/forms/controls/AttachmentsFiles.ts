import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/client';
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
    mutationFn: ({ kind, files }: { kind: Attachment['kind']; files: File[] }) => uploadFiles(itemId, componentId, kind, files),
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
      if (!list || files.length === 0) return;
      if (kind === 'attachment' && list.files.length + files.length > list.maxCount) {
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
