import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { StatusView } from '../../components/StatusView';

/** Any unknown path (spec section 2): code 404 and 'A página não foi encontrada'. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <StatusView
      code={t('notFound.code')}
      description={t('notFound.description')}
      action={
        <Button variant="contained" component={RouterLink} to="/">
          {t('notFound.back')}
        </Button>
      }
    />
  );
}
