import { useEffect, useState } from 'react';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import ArrowForwardOutlined from '@mui/icons-material/ArrowForwardOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { errorMessage } from '../../lib/format';

/** loadProjects' answer: a project's id and name. */
interface ProjectChoice {
  id: number;
  name: string;
}

const lastKey = (componentId: number) => `tramita.lastProject.${componentId}`;

/** The project last chosen for a new item of a type, in this browser. */
function lastProject(componentId: number): number {
  try {
    return Number(window.localStorage.getItem(lastKey(componentId))) || 0;
  } catch {
    return 0;
  }
}

function rememberProject(componentId: number, projectId: number) {
  try {
    window.localStorage.setItem(lastKey(componentId), String(projectId));
  } catch {
    // Not remembering is fine: the choice still applies.
  }
}

/**
 * A new item of a project-scoped type asked for without a project (the "Novo item" of a list of
 * every project): the form asks in which project first, among those where the user may create it
 * (loadProjects?componentId=). One such project is chosen silently; the last one used comes first.
 */
export function ChooseProject({
  componentId,
  typeName,
  onChoose,
  onBack,
}: {
  componentId: number;
  typeName: string;
  onChoose: (projectId: number, replace: boolean) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('forms');
  const projects = useQuery({
    queryKey: ['forms', 'projectsForNew', componentId],
    queryFn: ({ signal }) => api.get<ProjectChoice[]>('/genericItem/loadProjects', { query: { componentId }, signal }),
  });
  const list = projects.data ?? [];
  const [picked, setPicked] = useState(0);
  const remembered = lastProject(componentId);
  const chosen = picked || (list.some((p) => p.id === remembered) ? remembered : (list[0]?.id ?? 0));
  const only = list.length === 1 ? list[0]!.id : 0;

  useEffect(() => {
    if (only) onChoose(only, true);
  }, [only, onChoose]);

  const go = () => {
    rememberProject(componentId, chosen);
    onChoose(chosen, false);
  };

  if (projects.isPending || only) {
    // One project is taken without asking: nothing to show but that the form is on its way.
    return (
      <Box sx={{ p: { xs: 2, md: 3 } }} aria-busy="true" aria-label={t('chooseProject.loading')}>
        <Skeleton variant="rounded" height={88} sx={{ mb: 2 }} />
        <Skeleton variant="rounded" height={240} />
      </Box>
    );
  }
  return (
    <Box sx={{ p: { xs: 1.5, md: 3 }, maxWidth: 720, mx: 'auto' }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} component="section" aria-labelledby="choose-project-title">
        <Typography variant="overline" color="text.secondary">
          {t('page.newItem', { type: typeName })}
        </Typography>
        <Typography id="choose-project-title" variant="h5" component="h1" sx={{ fontWeight: 600, mb: 1 }}>
          {t('chooseProject.title')}
        </Typography>
        {projects.isError ? (
          <Alert severity="error">{errorMessage(projects.error, t('chooseProject.loadFailed'))}</Alert>
        ) : list.length === 0 ? (
          <Alert severity="info">{t('chooseProject.none', { type: typeName })}</Alert>
        ) : (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {t('chooseProject.intro', { type: typeName })}
            </Typography>
            <RadioGroup
              aria-labelledby="choose-project-title"
              value={chosen}
              onChange={(event) => setPicked(Number(event.target.value))}
            >
              {list.map((project) => (
                <FormControlLabel key={project.id} value={project.id} control={<Radio />} label={project.name} />
              ))}
            </RadioGroup>
          </>
        )}
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, mt: 3 }}>
          <Button startIcon={<ArrowBackOutlined />} onClick={onBack}>
            {t('actions.back')}
          </Button>
          {list.length > 1 && (
            <Button variant="contained" endIcon={<ArrowForwardOutlined />} onClick={go} disabled={!chosen}>
              {t('chooseProject.continue')}
            </Button>
          )}
        </Box>
      </Paper>
    </Box>
  );
}
