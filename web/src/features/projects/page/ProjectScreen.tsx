import Button from '@mui/material/Button';
import EditOutlined from '@mui/icons-material/EditOutlined';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import { useTranslation } from 'react-i18next';
import { useProjectDialogs } from '../useProjectDialogs';
import ProjectPage from './ProjectPage';

/**
 * The project page with its buttons: "Membros" for everybody who reads the project (the dialog is
 * read-only without the right) and "Editar" for whoever may change it (loadProject's canEdit).
 */
export default function ProjectScreen() {
  const { t } = useTranslation('projects');
  const { editProject, editMembers, dialogs } = useProjectDialogs();
  return (
    <>
      <ProjectPage
        actions={(project) => (
          <>
            <Button
              startIcon={<GroupOutlined />}
              onClick={() => editMembers(project.id)}
              aria-label={t('list.membersOf', { name: project.name })}
            >
              {t('list.members')}
            </Button>
            {project.canEdit && (
              <Button
                variant="outlined"
                startIcon={<EditOutlined />}
                onClick={() => editProject(project.id)}
                aria-label={t('list.editOf', { name: project.name })}
              >
                {t('list.edit')}
              </Button>
            )}
          </>
        )}
      />
      {dialogs}
    </>
  );
}
