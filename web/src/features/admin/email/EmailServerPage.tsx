import '../i18n';
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SendIcon from '@mui/icons-material/SendOutlined';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/useSession';
import {
  mailServerKeys,
  mailServerQuery,
  saveMailServer,
  sendTestMail,
  type MailSecurity,
  type MailServer,
} from '../api';
import { Loaded } from '../components/Loaded';
import { PageHeader } from '../components/PageHeader';
import { useFormSubmit } from '../components/useFormSubmit';
import { EMAIL_PATTERN } from '../../../lib/format';
import { useNotify } from '../components/useNotify';

const SECURITY: MailSecurity[] = ['none', 'starttls', 'tls'];
const DEFAULT_PORTS: Record<MailSecurity, number> = { none: 25, starttls: 587, tls: 465 };

/**
 * The e-mail server every platform mail goes through: host, port, security, user, password
 * (write-only: the server never sends it back), sender; and 'send test e-mail'.
 */
export default function EmailServerPage() {
  const { t } = useTranslation('admin');
  const server = useQuery(mailServerQuery());
  return (
    <>
      <PageHeader title={t('nav.emailServer')} description={t('email.description')} />
      <Loaded query={server}>
        {(saved) => (
          <Stack spacing={2.5} sx={{ maxWidth: 880 }}>
            <SettingsCard key={JSON.stringify(saved)} saved={saved} />
            <TestCard configured={saved.host !== ''} />
          </Stack>
        )}
      </Loaded>
    </>
  );
}

function SettingsCard({ saved }: { saved: MailServer }) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [value, setValue] = useState({
    host: saved.host,
    port: String(saved.port),
    security: saved.security,
    username: saved.username,
    from: saved.from,
  });
  const [password, setPassword] = useState('');
  const [clearPassword, setClearPassword] = useState(false);
  const { errors, saving, submit } = useFormSubmit();
  const set = (change: Partial<typeof value>) => setValue((current) => ({ ...current, ...change }));

  const save = async () => {
    const checks: Record<string, string> = {};
    if (!value.host.trim()) checks.host = tc('validation.required');
    const port = Number(value.port);
    if (!Number.isInteger(port) || port < 1 || port > 65535) checks.port = t('email.invalidPort');
    if (!EMAIL_PATTERN.test(value.from.trim())) checks.from = tc('validation.invalidEmail');
    await submit(checks, async () => {
      const next = await saveMailServer({
        host: value.host.trim(),
        port,
        security: value.security,
        username: value.username.trim(),
        from: value.from.trim(),
        password,
        clearPassword,
      });
      queryClient.setQueryData(mailServerKeys.all, next);
      notify.success(t('email.saved'));
    });
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby="mail-settings-title">
      <CardContent sx={{ p: 3 }}>
        <Typography id="mail-settings-title" variant="h6" component="h2" sx={{ fontWeight: 700, fontSize: 16, mb: 2 }}>
          {t('email.settingsTitle')}
        </Typography>
        <Box
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                size="small"
                required
                label={t('email.host')}
                value={value.host}
                onChange={(e) => set({ host: e.target.value })}
                error={Boolean(errors.host)}
                helperText={errors.host ?? t('email.hostHelp')}
              />
            </Grid>
            <Grid size={{ xs: 6, sm: 3 }}>
              <TextField
                select
                size="small"
                label={t('email.security')}
                value={value.security}
                onChange={(e) => {
                  const security = e.target.value as MailSecurity;
                  // Follow the usual port of the mode unless the administrator typed another one.
                  set({
                    security,
                    ...(Object.values(DEFAULT_PORTS).map(String).includes(value.port)
                      ? { port: String(DEFAULT_PORTS[security]) }
                      : {}),
                  });
                }}
              >
                {SECURITY.map((mode) => (
                  <MenuItem key={mode} value={mode}>
                    {t(`email.securityModes.${mode}`)}
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
            <Grid size={{ xs: 6, sm: 3 }}>
              <TextField
                size="small"
                required
                label={t('email.port')}
                value={value.port}
                onChange={(e) => set({ port: e.target.value })}
                error={Boolean(errors.port)}
                helperText={errors.port}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                size="small"
                label={t('email.username')}
                value={value.username}
                onChange={(e) => set({ username: e.target.value })}
                error={Boolean(errors.username)}
                helperText={errors.username}
                slotProps={{ htmlInput: { autoComplete: 'off' } }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                size="small"
                type="password"
                label={t('email.password')}
                value={password}
                disabled={clearPassword}
                onChange={(e) => setPassword(e.target.value)}
                placeholder={saved.hasPassword ? '••••••••' : undefined}
                helperText={saved.hasPassword ? t('email.passwordKept') : t('email.passwordNone')}
                slotProps={{
                  htmlInput: { autoComplete: 'new-password' },
                  inputLabel: saved.hasPassword ? { shrink: true } : undefined,
                }}
              />
              {saved.hasPassword && (
                <FormControlLabel
                  control={
                    <Checkbox
                      size="small"
                      checked={clearPassword}
                      onChange={(e) => setClearPassword(e.target.checked)}
                    />
                  }
                  label={<Typography variant="body2">{t('email.clearPassword')}</Typography>}
                />
              )}
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                size="small"
                required
                label={t('email.from')}
                value={value.from}
                onChange={(e) => set({ from: e.target.value })}
                error={Boolean(errors.from)}
                helperText={errors.from ?? t('email.fromHelp')}
              />
            </Grid>
          </Grid>
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2.5 }}>
            <Button
              type="submit"
              variant="contained"
              disabled={saving}
              startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}
            >
              {t('common.save')}
            </Button>
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}

function TestCard({ configured }: { configured: boolean }) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const notify = useNotify();
  const session = useSession();
  const [to, setTo] = useState(session?.loggedUser.email ?? '');
  const [sending, setSending] = useState(false);
  const invalid = to.trim() !== '' && !EMAIL_PATTERN.test(to.trim());

  const send = async () => {
    setSending(true);
    try {
      const answer = await sendTestMail(to.trim());
      notify.success(answer.Message || t('email.testSent'));
    } catch (error) {
      notify.failure(error);
    } finally {
      setSending(false);
    }
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby="mail-test-title">
      <CardContent sx={{ p: 3 }}>
        <Typography id="mail-test-title" variant="h6" component="h2" sx={{ fontWeight: 700, fontSize: 16, mb: 0.5 }}>
          {t('email.testTitle')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {configured ? t('email.testHelp') : t('email.testNeedsServer')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
          <TextField
            size="small"
            type="email"
            label={t('email.testTo')}
            value={to}
            onChange={(e) => setTo(e.target.value)}
            error={invalid}
            helperText={invalid ? tc('validation.invalidEmail') : t('email.testToHelp')}
            sx={{ maxWidth: 420 }}
          />
          <Button
            variant="outlined"
            startIcon={sending ? <CircularProgress size={16} /> : <SendIcon />}
            disabled={!configured || sending || invalid}
            onClick={() => void send()}
            sx={{ flexShrink: 0, height: 37 }}
          >
            {t('email.sendTest')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
