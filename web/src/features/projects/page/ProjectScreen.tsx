import Button from '@mui/material/Button';
import EditOutlined from '@mui/icons-material/EditOutlined';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import ViewTimeline from '@mui/icons-material/ViewTimeline';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useProjectDialogs } from '../useProjectDialogs';
import ProjectPage from './ProjectPage';

/**
 * The project page with its buttons: "Membros" for everybody who reads the project (the dialog is
 * read-only without the right) and "Editar" for whoever may change it (loadProject's canEdit).
 */
export default function ProjectScreen() {
  const { t } = useTranslation('projects');
  const { editProject, editMembers, dialogs } = useProjectDialogs();
  const { appID } = useParams();
  return (
    <>
      <ProjectPage
        actions={(project) => (
          <>
            {appID && (
              // View 0: the first schedule view with items in the project (getSchedule).
              <Button
                component={RouterLink}
                to={`/runtime/${appID}/schedule/0/${encodeURIComponent(t('list.schedule'))}?project=${project.id}`}
                startIcon={<ViewTimeline />}
                aria-label={t('list.scheduleOf', { name: project.name })}
              >
                {t('list.schedule')}
              </Button>
            )}
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
