import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import type { ActivityEntry } from './api';
import { itemPath } from './links';

/** The newest changes of the project's items: who, when, which item (a link to its form), what changed. */
export function Activity({ appID, entries }: { appID: string; entries: ActivityEntry[] }) {
  const { t } = useTranslation('projectPage');
  if (entries.length === 0) return <Typography color="text.secondary">{t('noActivity')}</Typography>;
  return (
    <Box component="ol" aria-label={t('activity')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {entries.map((e) => (
        <Box
          component="li"
          key={e.id}
          sx={{ py: 1, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}
        >
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            <Typography component="span" variant="body2" sx={{ fontWeight: 600 }}>
              {e.operationName}
            </Typography>{' '}
            <Link component={RouterLink} to={itemPath(appID, e.componentId, e.itemId)}>
              {e.componentName} {e.formattedId} · {e.title}
            </Link>
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p">
            {t('activityBy', { who: e.modifierName || t('someone'), when: formatDateTime(e.modifiedAt) })}
            {e.version > 1 && e.changed.length > 0 && <> · {t('changed', { fields: e.changed.join(', ') })}</>}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
