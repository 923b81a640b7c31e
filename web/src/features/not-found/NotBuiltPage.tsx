import Button from '@mui/material/Button';
import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { StatusView } from '../../components/StatusView';

/**
 * A screen the spec names (section 2) that this version does not have yet:
 * schedules, reports, repositories, projects, resources, timesheets, month
 * closing, the calendar. The built-in application's menu links to some of
 * them, so their addresses say plainly "not available yet" instead of the
 * 404 of an address that does not exist. The address's {title} is the menu's
 * text in the language of the link, so the page does not repeat it.
 */
export default function NotBuiltPage() {
  const { t } = useTranslation();
  return (
    <StatusView
      icon={<ConstructionOutlined sx={{ fontSize: 64, color: 'text.secondary' }} />}
      title={t('notBuilt.title')}
      description={t('notBuilt.description')}
      action={
        <Button variant="contained" component={RouterLink} to="/app">
          {t('notFound.back')}
        </Button>
      }
    />
  );
}
