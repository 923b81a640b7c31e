import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import ConfirmDialog from '../../components/ConfirmDialog';
import { archiveProject, projectSaved, type ProjectStatus } from './api';
import { useNotify } from './useNotify';
import './i18n';

interface Target {
  id: number;
  name: string;
  status: ProjectStatus;
}

/**
 * Archiving a project or bringing it back, each after a confirmation. Archiving with open items is
 * allowed; the answer counts them and a warning says so. Render `confirmation` where the hook is used.
 */
export function useArchiveProject(): {
  toggleArchived: (project: Target) => void;
  busy: boolean;
  confirmation: ReactNode;
} {
  const { t } = useTranslation('projects');
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<Target | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (target: Target) => {
    const archived = target.status === 'active';
    setBusy(true);
    try {
      const { openItems, ...project } = await archiveProject(target.id, archived);
      projectSaved(queryClient, project);
      if (archived && openItems > 0) notify.warning(t('archive.openItems', { name: project.name, count: openItems }));
      else notify.success(archived ? t('archive.archived') : t('archive.unarchived'));
    } catch (error) {
      notify.failure(error);
    } finally {
      setBusy(false);
    }
  };

  const archiving = asking?.status === 'active';
  const confirmation = asking && (
    <ConfirmDialog
      title={archiving ? t('archive.archiveTitle') : t('archive.unarchiveTitle')}
      message={
        archiving
          ? t('archive.archiveConfirm', { name: asking.name })
          : t('archive.unarchiveConfirm', { name: asking.name })
      }
      confirmText={archiving ? t('archive.archive') : t('archive.unarchive')}
      cancelText={t('archive.cancel')}
      onClose={(yes) => {
        setAsking(null);
        if (yes) void run(asking);
      }}
    />
  );
  return { toggleArchived: setAsking, busy, confirmation };
}
