import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { platformSettingsQuery } from '../../app/settings';
import { errorMessage } from '../../lib/format';
import { clearMaintenanceSignIn } from './maintenanceSignIn';

/**
 * What an administrator sees above every page while maintenance is on: that the others see the
 * maintenance page, and a button that switches it off (the same setting as the settings screen).
 */
export default function MaintenanceBanner() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const switchOff = async () => {
    setBusy(true);
    setFailure('');
    try {
      await api.post('/admin/settings/save', { maintenance: false });
      clearMaintenanceSignIn();
      await queryClient.invalidateQueries({ queryKey: platformSettingsQuery.queryKey });
    } catch (error) {
      setFailure(errorMessage(error, t('maintenance.switchOffFailed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Alert
      severity="warning"
      square
      role="region"
      aria-label={t('maintenance.bannerLabel')}
      action={
        <Button color="inherit" size="small" disabled={busy} onClick={() => void switchOff()}>
          {t('maintenance.switchOff')}
        </Button>
      }
      sx={{ position: 'sticky', top: 0, zIndex: (theme) => theme.zIndex.appBar + 1 }}
    >
      {failure || t('maintenance.banner')}
    </Alert>
  );
}
