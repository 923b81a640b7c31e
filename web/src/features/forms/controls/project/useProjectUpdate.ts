import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../../api/client';
import type { FieldValidation } from '../../types';
import { projectKeys, updateProject, type Project, type ProjectChange } from './api';

/** The server's messages per field of a refused change (Validations), by field name. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!isApiError(error)) return {};
  const validations = (error.body as { Validations?: FieldValidation[] } | undefined)?.Validations ?? [];
  return Object.fromEntries(validations.map((v) => [v.Field.replace(/\[\d+\]$/, ''), v.Message]));
}

/**
 * Saves a part of the project at once (updateProject), as links and time entries are saved: not with
 * the item. Every control of the project sees the answer; a refusal is said in a snackbar.
 */
export function useProjectUpdate(projectId: number, onSaved?: (project: Project) => void) {
  const { t } = useTranslation('forms');
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: ProjectChange) => updateProject(projectId, change),
    onSuccess: (project) => {
      queryClient.setQueryData(projectKeys.project(projectId), project);
      void queryClient.invalidateQueries({ queryKey: projectKeys.workflows(projectId) });
      enqueueSnackbar(t('project.saved'), { variant: 'success' });
      onSaved?.(project);
    },
    onError: (error: Error) => {
      enqueueSnackbar(error.message, { variant: isApiError(error) && error.status < 500 ? 'warning' : 'error' });
    },
  });
}
