import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import CopyIcon from '@mui/icons-material/ContentCopyOutlined';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n';
import { errorMessage, fieldErrors } from '../../lib/format';
import {
  AdditionalFieldInputs,
  additionalPayload,
  HolidaysEditor,
  holidayProblem,
  periodProblem,
  useFieldMessages,
  validateAdditional,
  WorkCalendarEditor,
} from '../admin';
import {
  initialDataQuery,
  NO_FILTER,
  resourceFormQuery,
  resourceKeys,
  resourcesQuery,
  saveResource,
  type ResourceCalendar,
  type ResourceForm,
  type ResourceFormInitialData,
  type ResourceRow,
} from './api';
import { CalendarSummary } from './CalendarSummary';
import { costRateText, exceptionProblem, formatHours, parseCostRate, weeklyMinutes } from './calendar';
import { ExceptionsEditor } from './ExceptionsEditor';
import { ResourceWork } from './ResourceWork';

type TabName = 'general' | 'calendar' | 'projects';

/**
 * The resource form (docs/resources.md): general data, the work calendar and, for a saved person,
 * its projects and pending work. Administrators edit; everybody else reads it (no input enabled,
 * no save: the server refuses saves by others too).
 */
export default function ResourceDialog({
  resourceId,
  canEdit,
  onClose,
}: {
  resourceId: number;
  canEdit: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('resources');
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('md'));
  const titleId = useId();
  const form = useQuery(resourceFormQuery(resourceId));
  const initial = useQuery(initialDataQuery(resourceId));
  const failed = form.error ?? initial.error;
  const ready = form.data && initial.data;
  const title =
    resourceId === 0
      ? t('form.newTitle')
      : t(canEdit ? 'form.editTitle' : 'form.viewTitle', { name: form.data?.name ?? '' });

  return (
    <Dialog open onClose={onClose} fullScreen={small} maxWidth="md" fullWidth aria-labelledby={titleId} scroll="paper">
      <DialogTitle id={titleId} sx={{ fontWeight: 700 }}>
        {title}
      </DialogTitle>
      {failed ? (
        <>
          <DialogContent>
            <Alert severity="error">{errorMessage(failed, t('loadError'))}</Alert>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('form.close')}</Button>
          </DialogActions>
        </>
      ) : ready ? (
        <ResourceFormBody form={form.data} choices={initial.data} canEdit={canEdit} onClose={onClose} />
      ) : (
        <DialogContent sx={{ minHeight: 240 }}>
          <LinearProgress aria-label={t('loading')} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function ResourceFormBody({
  form,
  choices,
  canEdit,
  onClose,
}: {
  form: ResourceForm;
  choices: ResourceFormInitialData;
  canEdit: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('resources');
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const fieldMessages = useFieldMessages();
  const language = currentLanguage();
  const [values, setValues] = useState<ResourceForm>(() => ({
    ...form,
    calendar: { ...form.calendar, holidays: form.calendar.holidays ?? [], exceptions: form.calendar.exceptions ?? [] },
  }));
  const [person, setPerson] = useState(form.id === 0 ? false : form.userId !== null);
  const [costText, setCostText] = useState(() => costRateText(form.costRate, language));
  const [tab, setTab] = useState<TabName>('general');
  const [sent, setSent] = useState(false);
  const [saving, setSaving] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  // Copying a calendar replaces the editors' rows: a new key starts them from the copied values.
  const [calendarKey, setCalendarKey] = useState(0);
  const isNew = form.id === 0;

  const set = (change: Partial<ResourceForm>) => setValues((current) => ({ ...current, ...change }));
  const setCalendar = (change: Partial<ResourceCalendar>) =>
    setValues((current) => ({ ...current, calendar: { ...current.calendar, ...change } }));
  const holidays = values.calendar.holidays ?? [];
  const exceptions = values.calendar.exceptions ?? [];
  const costRate = parseCostRate(costText);
  const additionalErrors = validateAdditional(choices.additionalFields, values.additionalFields, fieldMessages);

  const problems = {
    name: !person && values.name.trim() === '' ? t('form.required') : undefined,
    userId: person && values.userId === null ? t('form.userRequired') : undefined,
    costRate: costRate === undefined ? t('form.costRateInvalid') : undefined,
  };
  const calendarWrong =
    values.calendar.workPeriods.some((p) => periodProblem(p)) ||
    holidays.some((h) => holidayProblem(h, holidays)) ||
    exceptions.some((e) => exceptionProblem(e, exceptions, holidays));
  const generalWrong =
    Boolean(problems.name || problems.userId || problems.costRate) || Object.keys(additionalErrors).length > 0;
  const message = (field: keyof typeof problems) => serverErrors[field] ?? (sent ? problems[field] : undefined);

  const save = async () => {
    setSent(true);
    if (generalWrong) return setTab('general');
    if (calendarWrong) return setTab('calendar');
    setServerErrors({});
    setSaving(true);
    try {
      const saved = await saveResource({
        ...values,
        name: person ? '' : values.name.trim(),
        userId: person ? values.userId : null,
        costRate: costRate ?? null,
        additionalFields: additionalPayload(choices.additionalFields, values.additionalFields),
      });
      queryClient.setQueryData(resourceKeys.form(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: resourceKeys.lists() });
      enqueueSnackbar(t('saved'), { variant: 'success' });
      onClose();
    } catch (error) {
      const byField = fieldErrors(error);
      setServerErrors(byField);
      if (Object.keys(byField).some((key) => key.startsWith('calendar'))) setTab('calendar');
      else if (Object.keys(byField).length > 0) setTab('general');
      enqueueSnackbar(errorMessage(error, t('loadError')), { variant: 'error' });
    } finally {
      setSaving(false);
    }
  };

  const select = (name: 'timesheetType' | 'autoTimesheetType', label: string) => (
    <TextField
      select
      fullWidth
      size="small"
      label={label}
      value={values[name]}
      disabled={!canEdit}
      onChange={(event) => set({ [name]: event.target.value })}
    >
      {choices[name === 'timesheetType' ? 'timesheetTypes' : 'autoTimesheetTypes'].map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.name}
        </MenuItem>
      ))}
    </TextField>
  );

  const capacity = weeklyMinutes(values.calendar.workPeriods);
  const showProjects = !isNew;

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (canEdit) void save();
      }}
      sx={{ display: 'contents' }}
    >
      <Box sx={{ borderBottom: 1, borderColor: 'divider', px: 3 }}>
        <Tabs value={tab} onChange={(_event, next: TabName) => setTab(next)} aria-label={t('form.tabs.label')}>
          <Tab value="general" label={t('form.tabs.general')} />
          <Tab value="calendar" label={t('form.tabs.calendar')} />
          {showProjects && <Tab value="projects" label={t('form.tabs.projects')} />}
        </Tabs>
      </Box>
      <DialogContent sx={{ minHeight: 420 }}>
        {!canEdit && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {t('readOnlyNote')}
          </Alert>
        )}
        {tab === 'general' && (
          <Grid container spacing={2}>
            <Grid size={12}>
              <RadioGroup
                row
                aria-label={t('form.kind')}
                value={person ? 'person' : 'named'}
                onChange={(event) => setPerson(event.target.value === 'person')}
              >
                <FormControlLabel value="named" control={<Radio disabled={!canEdit} />} label={t('form.named')} />
                <FormControlLabel value="person" control={<Radio disabled={!canEdit} />} label={t('form.person')} />
              </RadioGroup>
            </Grid>
            <Grid size={{ xs: 12, sm: 8 }}>
              {person ? (
                <TextField
                  select
                  fullWidth
                  required
                  size="small"
                  label={t('form.user')}
                  value={values.userId ?? ''}
                  disabled={!canEdit}
                  onChange={(event) => set({ userId: Number(event.target.value) })}
                  error={Boolean(message('userId'))}
                  helperText={message('userId') ?? t('form.userHelp')}
                >
                  {choices.users.map((u) => (
                    <MenuItem key={u.id} value={u.id}>
                      {u.name}
                    </MenuItem>
                  ))}
                </TextField>
              ) : (
                <TextField
                  fullWidth
                  required
                  size="small"
                  label={t('form.name')}
                  value={values.name}
                  disabled={!canEdit}
                  onChange={(event) => set({ name: event.target.value })}
                  error={Boolean(message('name'))}
                  helperText={message('name')}
                  slotProps={{ htmlInput: { maxLength: 200 } }}
                />
              )}
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }} sx={{ display: 'flex', alignItems: 'center' }}>
              <FormControlLabel
                control={
                  <Switch
                    checked={values.active}
                    disabled={!canEdit}
                    onChange={(event) => set({ active: event.target.checked })}
                  />
                }
                label={t('form.active')}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                select
                fullWidth
                size="small"
                label={t('form.company')}
                value={values.companyId ?? 0}
                disabled={!canEdit}
                onChange={(event) => set({ companyId: Number(event.target.value) || null })}
                error={Boolean(serverErrors.companyId)}
                helperText={serverErrors.companyId}
              >
                <MenuItem value={0}>{t('form.noCompany')}</MenuItem>
                {choices.companies.map((c) => (
                  <MenuItem key={c.id} value={c.id}>
                    {c.name}
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                fullWidth
                size="small"
                label={t('form.costRate')}
                value={costText}
                disabled={!canEdit}
                onChange={(event) => setCostText(event.target.value)}
                error={Boolean(message('costRate'))}
                helperText={message('costRate') ?? t('form.costRateHelp')}
                slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 14 } }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{select('timesheetType', t('form.timesheetType'))}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{select('autoTimesheetType', t('form.autoTimesheetType'))}</Grid>
            {canEdit && choices.additionalFields.length > 0 && (
              <Grid size={12}>
                <Typography variant="subtitle2" component="h3" sx={{ mb: 1.5 }}>
                  {t('form.additionalFields')}
                </Typography>
                <AdditionalFieldInputs
                  fields={choices.additionalFields}
                  values={values.additionalFields}
                  onChange={(additionalFields) => set({ additionalFields })}
                  errors={sent ? { ...additionalErrors, ...serverErrors } : serverErrors}
                  companies={choices.companies}
                />
              </Grid>
            )}
          </Grid>
        )}
        {tab === 'calendar' && (
          <Box>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={2}
              sx={{ mb: 2, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
            >
              <Box>
                <Typography variant="subtitle2" component="h3">
                  {t('calendar.week')}
                </Typography>
                <Typography variant="body2" color="text.secondary" aria-live="polite">
                  {capacity > 0
                    ? t('calendar.capacity', { hours: formatHours(capacity, language) })
                    : t('calendar.noCapacity')}
                </Typography>
              </Box>
              {canEdit && (
                <CopyCalendar
                  exceptId={values.id}
                  onCopy={(calendar, name) => {
                    setCalendar({
                      workPeriods: calendar.workPeriods,
                      holidays: calendar.holidays ?? [],
                      exceptions: calendar.exceptions ?? [],
                    });
                    setCalendarKey((key) => key + 1);
                    enqueueSnackbar(t('calendar.copied', { name }), { variant: 'info' });
                  }}
                />
              )}
            </Stack>
            {canEdit ? (
              <Box key={calendarKey}>
                <WorkCalendarEditor
                  periods={values.calendar.workPeriods}
                  onChange={(workPeriods) => setCalendar({ workPeriods })}
                  errors={serverErrors}
                />
                <HolidaysEditor
                  holidays={holidays}
                  onChange={(next) => setCalendar({ holidays: next })}
                  errors={serverErrors}
                  showProblems={sent}
                />
                <ExceptionsEditor
                  exceptions={exceptions}
                  holidays={holidays}
                  onChange={(next) => setCalendar({ exceptions: next })}
                  errors={serverErrors}
                  showProblems={sent}
                />
                {sent && calendarWrong && <FormHelperText error>{t('form.fixCalendar')}</FormHelperText>}
              </Box>
            ) : (
              <CalendarSummary calendar={values.calendar} />
            )}
          </Box>
        )}
        {tab === 'projects' &&
          (values.userId === null || form.userId === null ? (
            <Typography color="text.secondary">{t('projects.named')}</Typography>
          ) : (
            <ResourceWork resourceId={form.id} />
          ))}
        {isNew && tab === 'projects' && <Typography color="text.secondary">{t('projects.newResource')}</Typography>}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        {canEdit ? (
          <>
            <Button onClick={onClose} color="inherit">
              {t('form.cancel')}
            </Button>
            <Button
              type="submit"
              variant="contained"
              disabled={saving}
              startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}
            >
              {t('form.save')}
            </Button>
          </>
        ) : (
          <Button onClick={onClose} variant="contained">
            {t('form.close')}
          </Button>
        )}
      </DialogActions>
    </Box>
  );
}

/** "Copy the calendar of…": another resource, whose calendar replaces the form's (unsaved). */
function CopyCalendar({
  exceptId,
  onCopy,
}: {
  exceptId: number;
  onCopy: (calendar: ResourceCalendar, name: string) => void;
}) {
  const { t } = useTranslation('resources');
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const list = useQuery(resourcesQuery(NO_FILTER));
  const [from, setFrom] = useState<ResourceRow | null>(null);
  const [busy, setBusy] = useState(false);
  const options = (list.data ?? []).filter((row) => row.id !== exceptId);
  const copy = async () => {
    if (!from) return;
    setBusy(true);
    try {
      const source = await queryClient.fetchQuery({ ...resourceFormQuery(from.id), staleTime: 0 });
      onCopy(source.calendar, source.name);
    } catch (error) {
      enqueueSnackbar(errorMessage(error, t('loadError')), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Autocomplete
        size="small"
        sx={{ width: 260 }}
        options={options}
        value={from}
        onChange={(_event, next) => setFrom(next)}
        getOptionLabel={(row) => row.name}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        loading={list.isFetching}
        renderInput={(params) => <TextField {...params} label={t('calendar.copyFrom')} />}
      />
      <Button
        size="small"
        variant="outlined"
        startIcon={<CopyIcon />}
        disabled={!from || busy}
        onClick={() => void copy()}
        title={t('calendar.copyHelp')}
      >
        {t('calendar.copy')}
      </Button>
    </Stack>
  );
}
