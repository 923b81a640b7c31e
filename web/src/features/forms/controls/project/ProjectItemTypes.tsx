import EditOutlined from '@mui/icons-material/EditOutlined';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormControl } from '../../types';
import { itemTypeChoicesQuery, projectQuery, type Named, type Project } from './api';
import { ProjectSection, ProjectStates } from './ProjectSection';
import { fieldErrorsOf, useProjectUpdate } from './useProjectUpdate';

/**
 * The project item type control: the project-scoped types the project allows (none listed: all of
 * them); a manager or administrator changes the list here.
 */
export function ProjectItemTypes({ control }: { control: FormControl }) {
  return <ProjectSection control={control}>{(projectId) => <TypesOfProject projectId={projectId} />}</ProjectSection>;
}

function TypesOfProject({ projectId }: { projectId: number }) {
  const query = useQuery(projectQuery(projectId));
  const [editing, setEditing] = useState(false);
  return (
    <ProjectStates query={query}>
      {(project) =>
        editing ? (
          <TypesEditor project={project} onDone={() => setEditing(false)} />
        ) : (
          <TypesView project={project} onEdit={() => setEditing(true)} />
        )
      }
    </ProjectStates>
  );
}

function TypesView({ project, onEdit }: { project: Project; onEdit: () => void }) {
  const { t } = useTranslation('forms');
  return (
    <Box>
      {project.itemTypes.length === 0 ? (
        <Typography variant="body2">{t('project.itemTypes.all')}</Typography>
      ) : (
        <Box
          component="ul"
          aria-label={t('project.itemTypes.count', { count: project.itemTypes.length })}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, m: 0, p: 0, listStyle: 'none' }}
        >
          {project.itemTypes.map((type) => (
            <li key={type.id}>
              <Chip label={type.name} variant="outlined" />
            </li>
          ))}
        </Box>
      )}
      <Box sx={{ mt: 1.5 }}>
        {project.canEdit ? (
          <Button size="small" startIcon={<EditOutlined />} onClick={onEdit}>
            {t('project.itemTypes.edit')}
          </Button>
        ) : (
          <Typography variant="caption" color="text.secondary">
            {t('project.readOnly')}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

function TypesEditor({ project, onDone }: { project: Project; onDone: () => void }) {
  const { t } = useTranslation('forms');
  const choices = useQuery(itemTypeChoicesQuery(true));
  const [chosen, setChosen] = useState<Named[]>(project.itemTypes);
  const save = useProjectUpdate(project.id, onDone);
  const error = fieldErrorsOf(save.error).itemTypeIds;
  const options: Named[] = (choices.data ?? []).map((c) => ({ id: c.id, name: c.name }));
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Autocomplete
        multiple
        options={options}
        value={chosen}
        loading={choices.isPending}
        loadingText={t('lookup.loading')}
        noOptionsText={t('lookup.noOptions')}
        filterSelectedOptions
        isOptionEqualToValue={(option, value) => option.id === value.id}
        getOptionLabel={(option) => option.name}
        onChange={(_event, value) => setChosen(value)}
        renderInput={(params) => (
          <TextField
            {...params}
            size="small"
            label={t('project.itemTypes.choose')}
            error={Boolean(error)}
            helperText={error ?? t('project.itemTypes.hint')}
          />
        )}
      />
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        <Button onClick={onDone} disabled={save.isPending}>
          {t('project.cancel')}
        </Button>
        <Button
          variant="contained"
          loading={save.isPending}
          onClick={() => save.mutate({ itemTypeIds: chosen.map((type) => type.id) })}
        >
          {t('project.itemTypes.save')}
        </Button>
      </Box>
    </Box>
  );
}
