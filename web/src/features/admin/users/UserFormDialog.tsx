import { useRef, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import { useFormik } from 'formik';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { boolean, object, string } from 'yup';
import { additionalPayload, validateAdditional } from '../additionalFields';
import {
  newUserForm,
  saveUser,
  userFormInitialDataQuery,
  userToEditQuery,
  type CodeOption,
  type PasswordDelivery,
  type SavedUser,
  type UserForm,
  type UserFormInitialData,
} from '../api';
import { AdditionalFieldInputs } from '../components/AdditionalFieldInputs';
import { useFieldMessages } from '../components/useFieldMessages';
import { EMAIL_PATTERN, errorMessage, fieldErrors, initials } from '../../../lib/format';
import { avatarFromFile } from './avatarImage';
import { WorkCalendarEditor } from './WorkCalendarEditor';
import { HolidaysEditor } from './HolidaysEditor';
import { holidayProblem } from './holidays';
import { periodProblem } from './workCalendar';
import { TemporaryPasswordDialog } from './TemporaryPasswordDialog';
import { useNotify } from '../components/useNotify';

/**
 * The user form (spec section 3; docs/admin.md 'The user form'): id 0 opens the empty new-user
 * form. The dialog owns the save: 'user saved' toast, then onSaved so the list reloads.
 */
export default function UserFormDialog({
  userId,
  onClose,
  onSaved,
}: {
  userId: number;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('admin');
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('md'));
  const initial = useQuery(userFormInitialDataQuery());
  const user = useQuery({ ...userToEditQuery(userId), enabled: userId !== 0 });
  const form = userId === 0 ? newUserForm() : user.data;
  const failed = initial.error ?? user.error;

  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={small}
      maxWidth="md"
      fullWidth
      aria-labelledby="user-form-title"
      scroll="paper"
    >
      <DialogTitle id="user-form-title" sx={{ fontWeight: 700 }}>
        {userId === 0 ? t('users.form.newTitle') : t('users.form.editTitle')}
      </DialogTitle>
      {failed ? (
        <>
          <DialogContent>
            <Alert severity="error">{errorMessage(failed, t('common.loadError'))}</Alert>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('common.close')}</Button>
          </DialogActions>
        </>
      ) : form && initial.data ? (
        <UserFormBody form={form} choices={initial.data} onClose={onClose} onSaved={onSaved} />
      ) : (
        <DialogContent sx={{ minHeight: 240 }}>
          <LinearProgress aria-label={t('common.loading')} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ py: 2 }}>
      <Typography
        variant="overline"
        component="h3"
        color="text.secondary"
        sx={{ fontWeight: 700, letterSpacing: 0.8, display: 'block', mb: 1.5 }}
      >
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function UserFormBody({
  form,
  choices,
  onClose,
  onSaved,
}: {
  form: UserForm;
  choices: UserFormInitialData;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const notify = useNotify();
  const [resetMFA, setResetMFA] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [extraErrors, setExtraErrors] = useState<Record<string, string>>({});
  // A fresh install has no mail server: the temporary password is then shown once instead.
  const [delivery, setDelivery] = useState<PasswordDelivery>(choices.mailConfigured ? 'mail' : 'show');
  const [created, setCreated] = useState<SavedUser | null>(null);
  const file = useRef<HTMLInputElement>(null);
  const isNew = form.id === 0;

  const fieldMessages = useFieldMessages();
  const formik = useFormik<UserForm>({
    initialValues: form,
    validationSchema: object({
      login: string().trim().required(tc('validation.required')).matches(/^\S+$/, t('users.form.loginSpaces')),
      name: string().trim().required(tc('validation.required')),
      email: string().trim().required(tc('validation.required')).matches(EMAIL_PATTERN, tc('validation.invalidEmail')),
      active: boolean(),
    }),
    validate: (values) => {
      const errors = validateAdditional(choices.additionalFields, values.additionalFields, fieldMessages);
      setExtraErrors(errors);
      // Formik only needs to know the form is invalid; the messages show from extraErrors and the calendar.
      const out: Record<string, string> = {};
      if (Object.keys(errors).length > 0) out.additionalFields = t('fields.invalidNumber');
      if (values.calendar.workPeriods.some((period) => periodProblem(period)))
        out.calendar = t('users.calendar.invalidPeriods');
      const holidays = values.calendar.holidays ?? [];
      if (holidays.some((h) => holidayProblem(h, holidays))) out.calendar = t('users.calendar.holidays.invalid');
      return out;
    },
    onSubmit: async (values) => {
      setServerErrors({});
      try {
        const saved = await saveUser({
          ...values,
          login: values.login.trim(),
          name: values.name.trim(),
          email: values.email.trim(),
          additionalFields: additionalPayload(choices.additionalFields, values.additionalFields),
          resetMFA,
          ...(isNew ? { passwordDelivery: delivery } : {}),
        });
        notify.success(t('users.saved'));
        onSaved();
        if (saved.temporaryPassword) setCreated(saved);
        else onClose();
      } catch (error) {
        const byField = fieldErrors(error);
        setServerErrors(byField);
        formik.setErrors(
          Object.fromEntries(Object.entries(byField).filter(([key]) => ['login', 'name', 'email'].includes(key))),
        );
        notify.failure(error);
      }
    },
  });

  const { values, setFieldValue } = formik;
  const text = (name: 'login' | 'name' | 'email', label: string, extra: object = {}) => ({
    name,
    label,
    value: values[name],
    onChange: formik.handleChange,
    onBlur: formik.handleBlur,
    required: true,
    size: 'small' as const,
    error: (formik.touched[name] || formik.submitCount > 0) && Boolean(formik.errors[name]),
    helperText: (formik.touched[name] || formik.submitCount > 0) && formik.errors[name],
    ...extra,
  });
  const allErrors = { ...serverErrors, ...extraErrors };
  const toggle = (
    name: 'active' | 'panelAdmin' | 'administrator' | 'changePasswordPermission' | 'mustChangePassword',
    label: string,
    help?: string,
  ) => (
    <Box>
      <FormControlLabel
        control={
          <Switch
            name={name}
            checked={values[name]}
            onChange={(event) => void setFieldValue(name, event.target.checked)}
          />
        }
        label={label}
      />
      {help && <FormHelperText sx={{ mt: -0.5, ml: 6 }}>{help}</FormHelperText>}
    </Box>
  );

  const codeSelect = (
    name: 'language' | 'timesheetType' | 'autoTimesheetType',
    label: string,
    options: CodeOption[],
  ) => (
    <TextField
      select
      size="small"
      label={label}
      value={values[name]}
      onChange={(event) => void setFieldValue(name, event.target.value)}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.name}
        </MenuItem>
      ))}
    </TextField>
  );

  const pickPicture = async (picked: File | undefined) => {
    if (!picked) return;
    try {
      await setFieldValue('avatar', await avatarFromFile(picked));
    } catch {
      enqueueSnackbar(t('users.form.pictureInvalid'), { variant: 'error' });
    }
  };

  return (
    <Box component="form" noValidate onSubmit={formik.handleSubmit} sx={{ display: 'contents' }}>
      <DialogContent dividers>
        {isNew && (
          <FormControl
            component="fieldset"
            sx={{ mb: 1, p: 1.5, borderRadius: 1, bgcolor: 'action.hover', width: '100%' }}
          >
            <FormLabel component="legend" sx={{ fontWeight: 600, float: 'left', mb: 0.5 }}>
              {t('users.form.passwordDelivery')}
            </FormLabel>
            <RadioGroup
              value={delivery}
              onChange={(event) => setDelivery(event.target.value as PasswordDelivery)}
              sx={{ clear: 'both' }}
            >
              <FormControlLabel
                value="mail"
                disabled={!choices.mailConfigured}
                control={<Radio size="small" />}
                label={t('users.form.deliveryMail')}
              />
              <FormControlLabel value="show" control={<Radio size="small" />} label={t('users.form.deliveryShow')} />
            </RadioGroup>
            <FormHelperText sx={{ mx: 0 }}>
              {choices.mailConfigured ? t('users.form.newUserNote') : t('users.form.noMailServer')}
            </FormHelperText>
          </FormControl>
        )}
        <Section title={t('users.form.identity')}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3}>
            <Stack spacing={1} sx={{ alignItems: 'center', minWidth: 140 }}>
              <Avatar
                src={values.avatar || undefined}
                alt=""
                sx={{ width: 96, height: 96, fontSize: 32, bgcolor: 'primary.main' }}
              >
                {initials(values.name)}
              </Avatar>
              <input
                ref={file}
                type="file"
                accept="image/png,image/jpeg,image/webp"
                hidden
                onChange={(event) => void pickPicture(event.target.files?.[0])}
              />
              <Button size="small" onClick={() => file.current?.click()}>
                {t('users.form.pictureChoose')}
              </Button>
              {values.avatar && (
                <Button size="small" color="inherit" onClick={() => void setFieldValue('avatar', '')}>
                  {t('users.form.pictureRemove')}
                </Button>
              )}
            </Stack>
            <Grid container spacing={2} sx={{ flex: 1 }}>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField
                  {...text('login', t('users.form.login'), {
                    autoFocus: isNew,
                    slotProps: { htmlInput: { autoComplete: 'off' } },
                  })}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField {...text('name', t('users.form.name'))} />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField {...text('email', t('users.form.email'), { type: 'email' })} />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField
                  select
                  size="small"
                  label={t('users.form.company')}
                  value={values.companyId ?? ''}
                  onChange={(event) =>
                    void setFieldValue('companyId', event.target.value === '' ? null : Number(event.target.value))
                  }
                  error={Boolean(serverErrors.companyId)}
                  helperText={serverErrors.companyId}
                >
                  <MenuItem value="">
                    <em>{t('common.none')}</em>
                  </MenuItem>
                  {choices.companies.map((company) => (
                    <MenuItem key={company.id} value={company.id}>
                      {company.name}
                    </MenuItem>
                  ))}
                </TextField>
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField
                  select
                  size="small"
                  label={t('users.form.groups')}
                  value={values.groups}
                  onChange={(event) =>
                    void setFieldValue('groups', (event.target.value as unknown as number[]).map(Number))
                  }
                  error={Boolean(serverErrors.groups)}
                  helperText={serverErrors.groups ?? t('users.form.groupsHelp')}
                  slotProps={{
                    select: {
                      multiple: true,
                      renderValue: (selected) => (
                        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                          {(selected as number[]).map((id) => (
                            <Chip
                              key={id}
                              size="small"
                              label={choices.groups.find((group) => group.id === id)?.name ?? id}
                            />
                          ))}
                        </Box>
                      ),
                    },
                  }}
                >
                  {choices.groups.map((group) => (
                    <MenuItem key={group.id} value={group.id}>
                      <Checkbox size="small" checked={values.groups.includes(group.id)} sx={{ p: 0, mr: 1 }} />
                      {group.name}
                    </MenuItem>
                  ))}
                </TextField>
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                {codeSelect('language', t('users.form.language'), choices.languages)}
              </Grid>
              <Grid size={12}>{toggle('active', t('users.form.active'), t('users.form.activeHelp'))}</Grid>
            </Grid>
          </Stack>
        </Section>
        <Divider />
        <Section title={t('users.form.access')}>
          <FormGroup>
            {toggle('panelAdmin', t('users.form.panelAdmin'), t('users.form.panelAdminHelp'))}
            {toggle('administrator', t('users.form.administrator'), t('users.form.administratorHelp'))}
            {toggle('changePasswordPermission', t('users.form.changePasswordPermission'))}
            {toggle('mustChangePassword', t('users.form.mustChangePassword'), t('users.form.mustChangePasswordHelp'))}
          </FormGroup>
          {!isNew && (
            <Box
              sx={{
                mt: 1.5,
                p: 1.5,
                borderRadius: 1,
                bgcolor: 'action.hover',
                display: 'flex',
                alignItems: 'center',
                gap: 2,
                flexWrap: 'wrap',
              }}
            >
              <Typography variant="body2" sx={{ flex: 1, minWidth: 200 }}>
                {form.mfaEnabled ? t('users.form.mfaOn') : t('users.form.mfaOff')}
              </Typography>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={resetMFA}
                    disabled={!form.mfaEnabled}
                    onChange={(event) => setResetMFA(event.target.checked)}
                  />
                }
                label={t('users.form.resetMFA')}
              />
            </Box>
          )}
        </Section>
        <Divider />
        <Section title={t('users.form.timesheet')}>
          <Grid container spacing={2} sx={{ mb: 2 }}>
            <Grid size={{ xs: 12, sm: 6 }}>
              {codeSelect('timesheetType', t('users.form.timesheetType'), choices.timesheetTypes)}
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              {codeSelect('autoTimesheetType', t('users.form.autoTimesheetType'), choices.autoTimesheetTypes)}
            </Grid>
          </Grid>
          <Typography variant="subtitle2" sx={{ mb: 1 }}>
            {t('users.form.calendar')}
          </Typography>
          <WorkCalendarEditor
            periods={values.calendar.workPeriods}
            onChange={(workPeriods) => void setFieldValue('calendar', { ...values.calendar, workPeriods })}
            errors={serverErrors}
          />
          <HolidaysEditor
            holidays={values.calendar.holidays ?? []}
            onChange={(holidays) => void setFieldValue('calendar', { ...values.calendar, holidays })}
            errors={serverErrors}
            showProblems={formik.submitCount > 0}
          />
          {formik.submitCount > 0 && typeof formik.errors.calendar === 'string' && (
            <FormHelperText error>{formik.errors.calendar}</FormHelperText>
          )}
        </Section>
        {choices.additionalFields.length > 0 && (
          <>
            <Divider />
            <Section title={t('users.form.additionalFields')}>
              <AdditionalFieldInputs
                fields={choices.additionalFields}
                values={values.additionalFields}
                onChange={(next) => void setFieldValue('additionalFields', next)}
                errors={formik.submitCount > 0 ? allErrors : serverErrors}
                companies={choices.companies}
                groups={choices.groups}
              />
            </Section>
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onClose} color="inherit">
          {t('common.cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={formik.isSubmitting}
          startIcon={formik.isSubmitting ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {t('common.save')}
        </Button>
      </DialogActions>
      {created && (
        <TemporaryPasswordDialog
          name={created.name}
          login={created.login}
          password={created.temporaryPassword ?? ''}
          onClose={onClose}
        />
      )}
    </Box>
  );
}
