import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReferenceChoice } from '../../api/referenceSources';
import { useSession } from '../../app/useSession';
import { DateInput } from '../../components/DateInput';
import { LookupField } from '../../components/LookupField';
import { errorMessage, fieldErrors } from '../../lib/format';
import { itemTypesQuery, projectQuery, projectSaved, saveProject, type Named, type Project } from './api';
import {
  checkProjectForm,
  formOfProject,
  inputOfForm,
  serverErrorsOf,
  type FormErrors,
  type ProjectForm,
} from './projectForm';
import { useArchiveProject } from './useArchiveProject';
import { useNotify } from './useNotify';
import './i18n';

const DATE_FORMAT = 'DD/MM/YYYY';

/**
 * A project's form, to create one (projectId 0: a panel administrator) or edit one (a manager of
 * the project or an administrator: loadProject's canEdit; others see it without a save). An edit
 * also archives the project or brings it back.
 */
export function ProjectDialog({
  projectId,
  onClose,
  onSaved,
}: {
  projectId: number;
  onClose: () => void;
  onSaved?: (project: Project) => void;
}) {
  const { t } = useTranslation('projects');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const project = useQuery({ ...projectQuery(projectId), enabled: projectId !== 0 });
  const loaded = projectId === 0 ? null : project.data;

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth fullScreen={phone} aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ fontWeight: 700 }}>
        {projectId === 0 ? t('form.newTitle') : t('form.editTitle')}
      </DialogTitle>
      {projectId === 0 || loaded ? (
        <ProjectFormView project={loaded ?? null} onClose={onClose} onSaved={onSaved} />
      ) : (
        <DialogContent>
          {project.isError ? (
            <Alert severity="error">{errorMessage(project.error, t('form.loadError'))}</Alert>
          ) : (
            <LinearProgress aria-label={t('form.loading')} />
          )}
        </DialogContent>
      )}
      {projectId !== 0 && !loaded && (
        <DialogActions>
          <Button color="inherit" onClick={onClose}>
            {t('form.close')}
          </Button>
        </DialogActions>
      )}
    </Dialog>
  );
}

function ProjectFormView({
  project,
  onClose,
  onSaved,
}: {
  project: Project | null;
  onClose: () => void;
  onSaved?: (project: Project) => void;
}) {
  const { t } = useTranslation('projects');
  const { t: tc } = useTranslation();
  const session = useSession();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const itemTypes = useQuery(itemTypesQuery());
  const me = session?.loggedUser;
  const [form, setForm] = useState<ProjectForm>(() =>
    formOfProject(project, me ? { id: me.id, label: me.name } : null),
  );
  const [errors, setErrors] = useState<FormErrors>({});
  const [failure, setFailure] = useState('');
  const [saving, setSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const archive = useArchiveProject();
  const editable = project === null || project.canEdit;

  const set = <K extends keyof ProjectForm>(key: K, value: ProjectForm[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const focusFirstError = (found: FormErrors) => {
    const first = (Object.keys(form) as (keyof ProjectForm)[]).find((key) => found[key]);
    if (!first) return;
    const input = formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`);
    // A date's hidden input takes no focus: its first section does.
    const target = input?.getAttribute('aria-hidden')
      ? input.parentElement?.querySelector<HTMLElement>('[role="spinbutton"]')
      : input;
    target?.focus();
  };

  const submit = async () => {
    const checked = checkProjectForm(form, t);
    setErrors(checked);
    setFailure('');
    if (Object.keys(checked).length > 0) {
      focusFirstError(checked);
      return;
    }
    setSaving(true);
    try {
      const saved = await saveProject(inputOfForm(form, project?.id ?? 0));
      projectSaved(queryClient, saved);
      notify.success(project ? t('form.saved') : t('form.created'));
      onSaved?.(saved);
      onClose();
    } catch (error) {
      const byField = serverErrorsOf(fieldErrors(error));
      setErrors(byField);
      if (Object.keys(byField).length > 0) focusFirstError(byField);
      else setFailure(errorMessage(error, tc('error.default')));
    } finally {
      setSaving(false);
    }
  };

  const text = (key: 'name' | 'code' | 'description', maxLength: number) => ({
    name: key,
    label: t(`form.${key}`),
    value: form[key],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => set(key, event.target.value),
    error: Boolean(errors[key]),
    disabled: !editable,
    slotProps: { htmlInput: { maxLength } },
  });

  const typeOptions: Named[] = (itemTypes.data ?? []).map((type) => ({ id: type.id, name: type.name }));

  return (
    <Box
      component="form"
      ref={formRef}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (editable) void submit();
      }}
      sx={{ display: 'contents' }}
    >
      <DialogContent dividers>
        {failure && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {failure}
          </Alert>
        )}
        {project?.status === 'archived' && (
          <Alert severity="info" role="status" sx={{ mb: 2 }}>
            {t('form.archivedNote')}
          </Alert>
        )}
        {!editable && (
          <Alert severity="info" role="status" sx={{ mb: 2 }}>
            {t('form.readOnly')}
          </Alert>
        )}
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 8 }}>
            <TextField {...text('name', 200)} required autoFocus={editable} helperText={errors.name} />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <TextField {...text('code', 20)} helperText={errors.code || t('form.codeHelp')} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <LookupField
              source="users"
              name="manager"
              label={t('form.manager')}
              value={form.manager}
              onChange={(choice) => set('manager', choice)}
              disabled={!editable}
              clearable={false}
              error={errors.manager}
              helperText={t('form.managerHelp')}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <LookupField
              source="calendars"
              name="calendar"
              label={t('form.calendar')}
              value={form.calendar}
              onChange={(choice: ReferenceChoice | null) => set('calendar', choice)}
              disabled={!editable}
              error={errors.calendar}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <DateInput
              name="start"
              label={t('form.start')}
              format={DATE_FORMAT}
              value={form.start}
              onChange={(value) => set('start', value)}
              disabled={!editable}
              error={Boolean(errors.start)}
              helperText={errors.start}
              fullWidth
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <DateInput
              name="finish"
              label={t('form.finish')}
              format={DATE_FORMAT}
              value={form.finish}
              onChange={(value) => set('finish', value)}
              disabled={!editable}
              error={Boolean(errors.finish)}
              helperText={errors.finish}
              fullWidth
            />
          </Grid>
          <Grid size={12}>
            <Autocomplete
              multiple
              options={typeOptions}
              value={form.itemTypes}
              onChange={(_event, value) => set('itemTypes', value)}
              getOptionLabel={(type) => type.name}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              filterSelectedOptions
              disabled={!editable}
              loading={itemTypes.isFetching}
              loadingText={t('lookup.loading')}
              noOptionsText={t('lookup.noOptions')}
              renderValue={(value, getItemProps) =>
                value.map((type, index) => (
                  <Chip {...getItemProps({ index })} key={type.id} size="small" label={type.name} />
                ))
              }
              renderInput={(params) => (
                <TextField
                  {...params}
                  name="itemTypes"
                  label={t('form.itemTypes')}
                  error={Boolean(errors.itemTypes)}
                  helperText={
                    errors.itemTypes ||
                    (form.itemTypes.length === 0
                      ? t('form.itemTypesAll')
                      : t('form.itemTypesSome', { count: form.itemTypes.length }))
                  }
                />
              )}
            />
          </Grid>
          <Grid size={12}>
            <TextField
              {...text('description', 10_000)}
              multiline
              minRows={3}
              maxRows={12}
              helperText={errors.description}
            />
          </Grid>
        </Grid>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5, gap: 1, flexWrap: 'wrap' }}>
        {project && project.canEdit && (
          <Button
            color={project.status === 'active' ? 'warning' : 'primary'}
            disabled={archive.busy || saving}
            onClick={() => archive.toggleArchived(project)}
            sx={{ mr: 'auto' }}
          >
            {project.status === 'active' ? t('archive.archive') : t('archive.unarchive')}
          </Button>
        )}
        <Button color="inherit" onClick={onClose}>
          {editable ? t('form.cancel') : t('form.close')}
        </Button>
        {editable && (
          <Button type="submit" variant="contained" disabled={saving}>
            {project ? t('form.save') : t('form.create')}
          </Button>
        )}
      </DialogActions>
      {archive.confirmation}
    </Box>
  );
}
