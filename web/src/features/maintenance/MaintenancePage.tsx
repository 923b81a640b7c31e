import Box from '@mui/material/Box';
import BuildCircleOutlined from '@mui/icons-material/BuildCircleOutlined';
import { useTranslation } from 'react-i18next';
import { StatusView } from '../../components/StatusView';

/** Spec section 8: 'EM MANUTENÇÃO' / 'O sistema encontra-se em manutenção e voltará em instantes.' */
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
    />
  );
}
