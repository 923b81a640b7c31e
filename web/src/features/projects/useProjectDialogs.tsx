import { useState, type ReactNode } from 'react';
import { ProjectDialog } from './ProjectDialog';
import { ProjectMembersDialog } from './ProjectMembersDialog';

type Open = { kind: 'project' | 'members'; projectId: number } | null;

/**
 * Opens the project dialog (new or edit) and the members dialog from a page: render `dialogs`
 * where the hook is used. The dialogs refresh the lists and the project's queries themselves.
 */
export function useProjectDialogs(): {
  newProject: () => void;
  editProject: (projectId: number) => void;
  editMembers: (projectId: number) => void;
  dialogs: ReactNode;
} {
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  let dialogs: ReactNode = null;
  if (open?.kind === 'project') {
    dialogs = <ProjectDialog projectId={open.projectId} onClose={close} />;
  } else if (open?.kind === 'members') {
    dialogs = <ProjectMembersDialog projectId={open.projectId} onClose={close} />;
  }
  return {
    newProject: () => setOpen({ kind: 'project', projectId: 0 }),
    editProject: (projectId) => setOpen({ kind: 'project', projectId }),
    editMembers: (projectId) => setOpen({ kind: 'members', projectId }),
    dialogs,
  };
}
