import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../../../../components/DateInput';
import { LookupField } from '../../../../components/LookupField';
import { checkDateText } from '../../../../lib/dates';
import type { ReferenceChoice } from '../../../../api/referenceSources';
import type { FormControl } from '../../types';
import { isoDate, projectQuery, showDate, type Project, type ProjectChange } from './api';
import { Fact, ProjectSection, ProjectStates } from './ProjectSection';
import { fieldErrorsOf, useProjectUpdate } from './useProjectUpdate';

const DATE_FORMAT = 'DD/MM/YYYY';

interface Draft {
  name: string;
  code: string;
  manager: ReferenceChoice | null;
  startDate: string;
  finishDate: string;
  description: string;
}

const draftOf = (p: Project): Draft => ({
  name: p.name,
  code: p.code,
  manager: p.managerId ? { id: p.managerId, label: p.managerName } : null,
  startDate: showDate(p.startDate),
  finishDate: showDate(p.finishDate),
  description: p.description,
});

/** What the draft changes of the project: only the fields that differ go to updateProject. */
function changeOf(p: Project, d: Draft): ProjectChange {
  const change: ProjectChange = {};
  if (d.name.trim() !== p.name) change.name = d.name;
  if (d.code.trim() !== p.code) change.code = d.code;
  if ((d.manager?.id ?? 0) !== p.managerId && d.manager) change.managerId = d.manager.id;
  if (isoDate(d.startDate) !== p.startDate) change.startDate = isoDate(d.startDate);
  if (isoDate(d.finishDate) !== p.finishDate) change.finishDate = isoDate(d.finishDate);
  if (d.description.trim() !== p.description) change.description = d.description;
  return change;
}

/** The project configuration control: the project's main settings, changed here by a manager or administrator. */
export function ProjectConfiguration({ control }: { control: FormControl }) {
  return <ProjectSection control={control}>{(projectId) => <Settings projectId={projectId} />}</ProjectSection>;
}

function Settings({ projectId }: { projectId: number }) {
  const query = useQuery(projectQuery(projectId));
  const [draft, setDraft] = useState<Draft | null>(null);
  return (
    <ProjectStates query={query}>
      {(project) =>
        draft ? (
          <SettingsEditor project={project} draft={draft} setDraft={setDraft} />
        ) : (
          <SettingsView project={project} onEdit={() => setDraft(draftOf(project))} />
        )
      }
    </ProjectStates>
  );
}

function SettingsView({ project, onEdit }: { project: Project; onEdit: () => void }) {
  const { t } = useTranslation('forms');
  return (
    <Box>
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, minmax(0, 1fr))' }, mb: 2 }}
      >
        <Fact label={t('project.fields.name')}>{project.name}</Fact>
        <Fact label={t('project.fields.code')}>{project.code}</Fact>
        <Fact label={t('project.fields.status')}>
          <Chip
            size="small"
            label={t(`project.status.${project.status}`)}
            color={project.status === 'active' ? 'success' : 'default'}
            variant="outlined"
            sx={{ height: 22 }}
          />
        </Fact>
        <Fact label={t('project.fields.manager')}>{project.managerName}</Fact>
        <Fact label={t('project.fields.startDate')}>{showDate(project.startDate)}</Fact>
        <Fact label={t('project.fields.finishDate')}>{showDate(project.finishDate)}</Fact>
      </Box>
      <Fact label={t('project.fields.description')}>
        {project.description && <Box sx={{ whiteSpace: 'pre-wrap' }}>{project.description}</Box>}
      </Fact>
      <Box sx={{ mt: 1.5 }}>
        {project.canEdit ? (
          <Button size="small" startIcon={<EditOutlined />} onClick={onEdit}>
            {t('project.editSettings')}
          </Button>
        ) : (
          <Box component="span" sx={{ typography: 'caption', color: 'text.secondary' }}>
            {t('project.readOnly')}
          </Box>
        )}
      </Box>
    </Box>
  );
}

function SettingsEditor({
  project,
  draft,
  setDraft,
}: {
  project: Project;
  draft: Draft;
  setDraft: (draft: Draft | null) => void;
}) {
  const { t } = useTranslation('forms');
  const save = useProjectUpdate(project.id, () => setDraft(null));
  const server = fieldErrorsOf(save.error);
  const [checked, setChecked] = useState<Record<string, string>>({});
  const errors = { ...server, ...checked };
  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });

  function submit() {
    const problems: Record<string, string> = {};
    if (!draft.name.trim()) problems.name = t('project.errors.name');
    for (const key of ['startDate', 'finishDate'] as const) {
      if (!checkDateText(draft[key], DATE_FORMAT).ok) problems[key] = t('project.errors.date');
    }
    setChecked(problems);
    if (Object.keys(problems).length > 0) return;
    const change = changeOf(project, draft);
    if (Object.keys(change).length === 0) setDraft(null);
    else save.mutate(change);
  }

  return (
    <Box
      component="fieldset"
      aria-label={t('project.editSettings')}
      sx={{ border: 0, m: 0, p: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}
      onKeyDown={(event) => {
        // Enter saves the settings, never the item form around them.
        if (event.key === 'Enter' && (event.target as HTMLElement).tagName === 'INPUT') {
          event.preventDefault();
          submit();
        }
      }}
    >
      <TextField
        size="small"
        required
        label={t('project.fields.name')}
        value={draft.name}
        onChange={(event) => set({ name: event.target.value })}
        error={Boolean(errors.name)}
        helperText={errors.name}
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      <TextField
        size="small"
        label={t('project.fields.code')}
        value={draft.code}
        onChange={(event) => set({ code: event.target.value })}
        error={Boolean(errors.code)}
        helperText={errors.code}
        slotProps={{ htmlInput: { maxLength: 20 } }}
      />
      <LookupField
        source="users"
        size="small"
        label={t('project.fields.manager')}
        value={draft.manager}
        onChange={(manager) => set({ manager })}
        error={errors.managerId}
      />
      <Box sx={{ display: 'flex', gap: 2 }}>
        <DateInput
          size="small"
          fullWidth
          format={DATE_FORMAT}
          label={t('project.fields.startDate')}
          value={draft.startDate}
          onChange={(startDate) => set({ startDate })}
          error={Boolean(errors.startDate)}
          helperText={errors.startDate}
        />
        <DateInput
          size="small"
          fullWidth
          format={DATE_FORMAT}
          label={t('project.fields.finishDate')}
          value={draft.finishDate}
          onChange={(finishDate) => set({ finishDate })}
          error={Boolean(errors.finishDate)}
          helperText={errors.finishDate}
        />
      </Box>
      <TextField
        size="small"
        multiline
        minRows={3}
        label={t('project.fields.description')}
        value={draft.description}
        onChange={(event) => set({ description: event.target.value })}
        error={Boolean(errors.description)}
        helperText={errors.description}
        sx={{ gridColumn: { md: '1 / -1' } }}
        slotProps={{ htmlInput: { maxLength: 10000 } }}
      />
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', gridColumn: { md: '1 / -1' } }}>
        <Button onClick={() => setDraft(null)} disabled={save.isPending}>
          {t('project.cancel')}
        </Button>
        <Button variant="contained" onClick={submit} loading={save.isPending}>
          {t('project.saveSettings')}
        </Button>
      </Box>
    </Box>
  );
}
