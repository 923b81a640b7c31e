import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import BuildCircleOutlined from '@mui/icons-material/BuildCircleOutlined';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { StatusView } from '../../components/StatusView';
import { markMaintenanceSignIn } from './maintenanceSignIn';

/** The settings screen, where an administrator switches maintenance off. */
const SETTINGS = '/administration/settings';

/**
 * Spec section 8: 'EM MANUTENÇÃO' / 'O sistema encontra-se em manutenção e voltará em instantes.'
 * A quiet link lets an administrator sign in and switch it off from the settings screen.
 */
export default function MaintenancePage() {
  const { t } = useTranslation();
  return (
    <StatusView
      icon={
        <Box sx={{ color: 'primary.main', display: 'flex' }}>
          <BuildCircleOutlined sx={{ fontSize: 88 }} aria-hidden />
        </Box>
      }
      title={t('maintenance.title')}
      description={t('maintenance.description')}
      action={
        <Link
          component={RouterLink}
          to={`/login?next=${encodeURIComponent(SETTINGS)}`}
          onClick={markMaintenanceSignIn}
          variant="body2"
          color="text.secondary"
        >
          {t('maintenance.adminSignIn')}
        </Link>
      }
    />
  );
}
