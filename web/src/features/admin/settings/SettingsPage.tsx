import '../i18n';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { ThemeProvider } from '@mui/material/styles';
import UploadIcon from '@mui/icons-material/PictureAsPdfOutlined';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { platformSettingsQuery } from '../../../app/settings';
import { createAppTheme, DEFAULT_PRIMARY, DEFAULT_SECONDARY } from '../../../theme/createAppTheme';
import { adminSettingsQuery, publishTermsOfUse, saveSettings, settingsKeys, type SettingsMap } from '../api';
import { Loaded } from '../components/Loaded';
import { PageHeader } from '../components/PageHeader';
import { useConfirm } from '../components/useConfirm';
import { fieldErrors } from '../../../lib/format';
import { ColorSetting } from './ColorSetting';
import { parseColors, type BrandColors } from './colors';
import { ImageSetting } from './ImageSetting';
import { changedSettings } from './settingsDraft';
import { PROTOCOL_TEMPLATE_SETTING } from './protocolTemplate';
import { ProtocolTemplateSetting } from './ProtocolTemplateSetting';
import { useNotify } from '../components/useNotify';

const LAYOUTS = ['left-sidebar', 'big-sidebar', 'right-sidebar', 'top-navigation', 'mega-menu', 'plugflex'] as const;
type BooleanSetting =
  | 'showFooter'
  | 'enableRecaptcha'
  | 'requireTermsOfUse'
  | 'enableMultiLanguage'
  | 'enableBPMComponent'
  | 'maintenance'
  | 'enableMFA';
const TERMS_MAX_BYTES = 1024 * 1024 - 4096;

/** The platform settings editor (spec section 1) with a live preview of brand, colours and layout. */
export default function SettingsPage() {
  const { t } = useTranslation('admin');
  const settings = useQuery(adminSettingsQuery());
  return (
    <>
      <PageHeader title={t('nav.settings')} description={t('settings.description')} />
      <Loaded query={settings}>{(saved) => <SettingsForm key={JSON.stringify(saved)} saved={saved} />}</Loaded>
    </>
  );
}

function str(value: unknown, fallback = ''): string {
  return typeof value === 'string' ? value : fallback;
}

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section">
      <CardContent sx={{ p: 3 }}>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700, fontSize: 16 }}>
          {title}
        </Typography>
        {description && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {description}
          </Typography>
        )}
        <Box sx={{ mt: 2.5 }}>{children}</Box>
      </CardContent>
    </Card>
  );
}

function SettingsForm({ saved }: { saved: SettingsMap }) {
  const { t } = useTranslation('admin');
  const { enqueueSnackbar } = useSnackbar();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const initial = useMemo<SettingsMap>(
    () => ({
      ...saved,
      primaryColor: parseColors(saved.primaryColor) ?? DEFAULT_PRIMARY,
      secondaryColor: parseColors(saved.secondaryColor) ?? DEFAULT_SECONDARY,
    }),
    [saved],
  );
  const [draft, setDraft] = useState<SettingsMap>(initial);
  const [recaptchaSecret, setRecaptchaSecret] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [publishing, setPublishing] = useState(false);
  const termsInput = useRef<HTMLInputElement>(null);

  const set = (key: string, value: unknown) => setDraft((current) => ({ ...current, [key]: value }));
  const changes = changedSettings(initial, draft);
  const dirty = Object.keys(changes).length > 0 || recaptchaSecret !== '';
  const primary = draft.primaryColor as BrandColors;
  const secondary = draft.secondaryColor as BrandColors;

  const save = async () => {
    const body: SettingsMap = { ...changes };
    if (recaptchaSecret) body.recaptchaSecret = recaptchaSecret;
    if (changes.maintenance === true && !(await confirm(t('settings.maintenanceConfirm')))) return;
    setSaving(true);
    setErrors({});
    try {
      const next = await saveSettings(body);
      queryClient.setQueryData(settingsKeys.all, next);
      // The whole app follows the platform settings (theme, brand, logos): load them again.
      await queryClient.invalidateQueries({ queryKey: platformSettingsQuery.queryKey });
      notify.success(t('settings.saved'));
    } catch (error) {
      setErrors(fieldErrors(error));
      notify.failure(error);
    } finally {
      setSaving(false);
    }
  };

  const publishTerms = async (file: File | undefined) => {
    if (!file) return;
    if (file.type && file.type !== 'application/pdf') {
      enqueueSnackbar(t('settings.termsNotPdf'), { variant: 'error' });
      return;
    }
    if (file.size > TERMS_MAX_BYTES) {
      enqueueSnackbar(t('settings.termsTooLarge'), { variant: 'error' });
      return;
    }
    setPublishing(true);
    try {
      const { version } = await publishTermsOfUse(file);
      notify.success(t('settings.termsPublished', { version }));
    } catch (error) {
      notify.failure(error);
    } finally {
      setPublishing(false);
      if (termsInput.current) termsInput.current.value = '';
    }
  };

  const text = (key: string, label: string, extra: object = {}) => (
    <TextField
      size="small"
      label={label}
      value={str(draft[key])}
      onChange={(e) => set(key, e.target.value)}
      error={Boolean(errors[key])}
      helperText={errors[key]}
      {...extra}
    />
  );
  const toggle = (key: BooleanSetting, label: string, help?: string) => (
    <Box>
      <FormControlLabel
        control={<Switch checked={draft[key] === true} onChange={(e) => set(key, e.target.checked)} />}
        label={label}
      />
      {(errors[key] || help) && (
        <FormHelperText error={Boolean(errors[key])} sx={{ mt: -0.5, ml: 6 }}>
          {errors[key] ?? help}
        </FormHelperText>
      )}
    </Box>
  );

  return (
    <Box sx={{ pb: 10 }}>
      <Grid container spacing={2.5}>
        <Grid size={{ xs: 12, lg: 7 }}>
          <Stack spacing={2.5}>
            <Section title={t('settings.brandTitle')} description={t('settings.brandHelp')}>
              <Grid container spacing={2.5}>
                <Grid size={{ xs: 12, sm: 6 }}>{text('brand', t('settings.brand'))}</Grid>
                <Grid size={{ xs: 12, sm: 6 }}>{text('font', t('settings.font'), { placeholder: 'Roboto' })}</Grid>
                <Grid size={12}>
                  <ColorSetting
                    label={t('settings.primaryColor')}
                    value={primary}
                    onChange={(value) => set('primaryColor', value)}
                  />
                  {errors.primaryColor && <FormHelperText error>{errors.primaryColor}</FormHelperText>}
                </Grid>
                <Grid size={12}>
                  <ColorSetting
                    label={t('settings.secondaryColor')}
                    value={secondary}
                    onChange={(value) => set('secondaryColor', value)}
                  />
                  {errors.secondaryColor && <FormHelperText error>{errors.secondaryColor}</FormHelperText>}
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <TextField
                    select
                    size="small"
                    label={t('settings.theme')}
                    value={str(draft.theme, 'light') === 'dark' ? 'dark' : 'light'}
                    onChange={(e) => set('theme', e.target.value)}
                  >
                    <MenuItem value="light">{t('settings.themeLight')}</MenuItem>
                    <MenuItem value="dark">{t('settings.themeDark')}</MenuItem>
                  </TextField>
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <TextField
                    select
                    size="small"
                    label={t('settings.layout')}
                    value={str(draft.layout, 'left-sidebar') || 'left-sidebar'}
                    onChange={(e) => set('layout', e.target.value)}
                    error={Boolean(errors.layout)}
                    helperText={errors.layout}
                  >
                    {LAYOUTS.map((layout) => (
                      <MenuItem key={layout} value={layout}>
                        {t(`settings.layouts.${layout}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                </Grid>
              </Grid>
            </Section>
            <Section title={t('settings.imagesTitle')} description={t('settings.imagesHelp')}>
              <Grid container spacing={2.5}>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <ImageSetting label={t('settings.logo')} value={str(draft.logo)} onChange={(v) => set('logo', v)} />
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <ImageSetting
                    label={t('settings.logoWhite')}
                    value={str(draft.logoWhite)}
                    onChange={(v) => set('logoWhite', v)}
                    dark
                  />
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <ImageSetting
                    label={t('settings.loginLogo')}
                    value={str(draft.loginLogo)}
                    onChange={(v) => set('loginLogo', v)}
                  />
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <ImageSetting
                    label={t('settings.bgLogin')}
                    value={str(draft.bgLogin)}
                    onChange={(v) => set('bgLogin', v)}
                  />
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <ImageSetting label={t('settings.bg')} value={str(draft.bg)} onChange={(v) => set('bg', v)} />
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>{toggle('showFooter', t('settings.showFooter'))}</Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <ImageSetting
                    label={t('settings.footerLogoLeft')}
                    value={str(draft.footerLogoLeft)}
                    onChange={(v) => set('footerLogoLeft', v)}
                  />
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <ImageSetting
                    label={t('settings.footerLogoRight')}
                    value={str(draft.footerLogoRight)}
                    onChange={(v) => set('footerLogoRight', v)}
                  />
                </Grid>
              </Grid>
            </Section>
            <Section title={t('settings.accessTitle')} description={t('settings.accessHelp')}>
              <Grid container spacing={2}>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <TextField
                    select
                    size="small"
                    label={t('settings.defaultLanguage')}
                    value={str(draft.defaultLanguage, 'pt-br')}
                    onChange={(e) => set('defaultLanguage', e.target.value)}
                  >
                    <MenuItem value="pt-br">{t('settings.languages.pt-br')}</MenuItem>
                    <MenuItem value="en">{t('settings.languages.en')}</MenuItem>
                  </TextField>
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <TextField
                    size="small"
                    type="number"
                    label={t('settings.passwordMaxAgeDays')}
                    value={typeof draft.passwordMaxAgeDays === 'number' ? draft.passwordMaxAgeDays : 0}
                    onChange={(e) =>
                      set('passwordMaxAgeDays', Math.max(0, Math.min(3650, Math.trunc(Number(e.target.value) || 0))))
                    }
                    error={Boolean(errors.passwordMaxAgeDays)}
                    helperText={errors.passwordMaxAgeDays ?? t('settings.passwordMaxAgeDaysHelp')}
                    slotProps={{ htmlInput: { min: 0, max: 3650 } }}
                  />
                </Grid>
                <Grid size={12}>
                  {toggle('enableMultiLanguage', t('settings.enableMultiLanguage'))}
                  {toggle('enableMFA', t('settings.enableMFA'), t('settings.enableMFAHelp'))}
                  {toggle('enableBPMComponent', t('settings.enableBPMComponent'))}
                  {toggle('requireTermsOfUse', t('settings.requireTermsOfUse'), t('settings.requireTermsOfUseHelp'))}
                  <Box sx={{ ml: 6, mt: 0.5, mb: 1.5 }}>
                    <input
                      ref={termsInput}
                      type="file"
                      hidden
                      accept="application/pdf"
                      onChange={(e) => void publishTerms(e.target.files?.[0])}
                    />
                    <Button
                      size="small"
                      variant="outlined"
                      startIcon={publishing ? <CircularProgress size={16} /> : <UploadIcon />}
                      disabled={publishing}
                      onClick={() => termsInput.current?.click()}
                    >
                      {t('settings.publishTerms')}
                    </Button>
                  </Box>
                  {toggle('enableRecaptcha', t('settings.enableRecaptcha'))}
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>{text('recaptchaSiteKey', t('settings.recaptchaSiteKey'))}</Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <TextField
                    size="small"
                    type="password"
                    label={t('settings.recaptchaSecret')}
                    value={recaptchaSecret}
                    onChange={(e) => setRecaptchaSecret(e.target.value)}
                    helperText={errors.recaptchaSecret ?? t('settings.recaptchaSecretHelp')}
                    error={Boolean(errors.recaptchaSecret)}
                    slotProps={{ htmlInput: { autoComplete: 'new-password' } }}
                  />
                </Grid>
              </Grid>
            </Section>
            <Section title={t('settings.protocolTitle')} description={t('settings.protocolHelp')}>
              <ProtocolTemplateSetting
                value={str(draft[PROTOCOL_TEMPLATE_SETTING])}
                onChange={(value) => set(PROTOCOL_TEMPLATE_SETTING, value)}
                error={errors[PROTOCOL_TEMPLATE_SETTING]}
              />
            </Section>
            <Section title={t('settings.maintenanceTitle')}>
              {toggle('maintenance', t('settings.maintenance'), t('settings.maintenanceHelp'))}
            </Section>
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, lg: 5 }}>
          <Box sx={{ position: { lg: 'sticky' }, top: { lg: 88 } }}>
            <Preview draft={draft} primary={primary} secondary={secondary} />
          </Box>
        </Grid>
      </Grid>
      <Paper
        elevation={6}
        sx={{
          position: 'fixed',
          bottom: 16,
          right: { xs: 16, md: 24 },
          left: { xs: 16, md: 'auto' },
          px: { xs: 1.5, sm: 2 },
          py: 1.25,
          display: 'flex',
          alignItems: 'center',
          gap: { xs: 1, sm: 2 },
          zIndex: 'appBar',
          borderRadius: 2,
          '& .MuiButton-root': { whiteSpace: 'nowrap', flexShrink: 0 },
        }}
      >
        <Typography
          variant="body2"
          color={dirty ? 'text.primary' : 'text.secondary'}
          sx={{ flex: 1, minWidth: 0, lineHeight: 1.3 }}
        >
          {dirty
            ? t('settings.unsaved', { count: Object.keys(changes).length + (recaptchaSecret ? 1 : 0) })
            : t('settings.upToDate')}
        </Typography>
        <Button
          color="inherit"
          disabled={!dirty || saving}
          onClick={() => (setDraft(initial), setRecaptchaSecret(''), setErrors({}))}
        >
          {t('settings.discard')}
        </Button>
        <Button
          variant="contained"
          disabled={!dirty || saving}
          onClick={() => void save()}
          startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {t('settings.save')}
        </Button>
      </Paper>
    </Box>
  );
}

/** What the platform will look like: the draft colours, mode, font, brand and logo, before saving. */
function Preview({ draft, primary, secondary }: { draft: SettingsMap; primary: BrandColors; secondary: BrandColors }) {
  const { t } = useTranslation('admin');
  const dark = draft.theme === 'dark';
  const theme = useMemo(
    () => createAppTheme({ mode: dark ? 'dark' : 'light', primary, secondary, font: str(draft.font) }),
    [dark, primary, secondary, draft.font],
  );
  const logo = str(dark ? draft.logoWhite : draft.logo) || (dark ? '/brand/logo-white.svg' : '/brand/logo.svg');
  const layout = str(draft.layout, 'left-sidebar') || 'left-sidebar';
  const sidebar = layout !== 'top-navigation';
  const right = layout === 'right-sidebar';
  return (
    <Card variant="outlined" aria-label={t('settings.preview')} component="section">
      <CardContent sx={{ p: 3 }}>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700, fontSize: 16, mb: 2 }}>
          {t('settings.preview')}
        </Typography>
        <ThemeProvider theme={theme}>
          <Box
            data-testid="settings-preview"
            sx={{
              border: 1,
              borderColor: 'divider',
              borderRadius: 2,
              overflow: 'hidden',
              bgcolor: 'background.default',
              color: 'text.primary',
              fontFamily: theme.typography.fontFamily,
            }}
          >
            <AppBar position="static" color="primary" elevation={0}>
              <Toolbar variant="dense" sx={{ gap: 1.5 }}>
                <Box
                  component="img"
                  src={str(draft.logoWhite) || '/brand/logo-white.svg'}
                  alt=""
                  sx={{ height: 20, maxWidth: 100, objectFit: 'contain' }}
                />
                <Typography sx={{ fontWeight: 700, fontSize: 14 }} noWrap>
                  {str(draft.brand) || 'Tramita'}
                </Typography>
              </Toolbar>
            </AppBar>
            <Box sx={{ display: 'flex', flexDirection: right ? 'row-reverse' : 'row', minHeight: 220 }}>
              {sidebar && (
                <Box
                  sx={{
                    width: layout === 'big-sidebar' ? 130 : 100,
                    bgcolor: 'background.paper',
                    borderRight: right ? 0 : 1,
                    borderLeft: right ? 1 : 0,
                    borderColor: 'divider',
                    p: 1.25,
                  }}
                >
                  <Box
                    component="img"
                    src={logo}
                    alt=""
                    sx={{ height: 18, maxWidth: '100%', objectFit: 'contain', mb: 1.5 }}
                  />
                  {[t('nav.dashboard'), t('nav.users'), t('nav.groups')].map((label, index) => (
                    <Box
                      key={label}
                      sx={{
                        fontSize: 11,
                        py: 0.5,
                        px: 0.75,
                        borderRadius: 1,
                        mb: 0.5,
                        ...(index === 0
                          ? { bgcolor: 'primary.main', color: 'primary.contrastText' }
                          : { color: 'text.secondary' }),
                      }}
                    >
                      {label}
                    </Box>
                  ))}
                </Box>
              )}
              <Stack spacing={1.5} sx={{ flex: 1, p: 2 }}>
                <Typography sx={{ fontWeight: 700 }}>{t('settings.previewHeading')}</Typography>
                <Paper variant="outlined" sx={{ p: 1.5 }}>
                  <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
                    {t('settings.previewText')}
                  </Typography>
                  <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                    <Button size="small" variant="contained">
                      {t('settings.previewPrimary')}
                    </Button>
                    <Button size="small" variant="contained" color="secondary">
                      {t('settings.previewSecondary')}
                    </Button>
                    <Button size="small" variant="outlined">
                      {t('common.cancel')}
                    </Button>
                  </Stack>
                </Paper>
                <Stack direction="row" spacing={1}>
                  <Chip size="small" color="primary" label={t('settings.previewChip')} />
                  <Chip size="small" color="secondary" variant="outlined" label={t('settings.previewChip')} />
                </Stack>
                {/* A sample of the colours, not a progress of anything: hidden from screen readers. */}
                <LinearProgress variant="determinate" value={64} color="secondary" aria-hidden />
              </Stack>
            </Box>
          </Box>
        </ThemeProvider>
      </CardContent>
    </Card>
  );
}
