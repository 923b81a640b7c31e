import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { TypeCount } from './api';
import { boardPath, projectListPath } from './links';

interface TypeCountsProps {
  projectId: number;
  types: TypeCount[];
}

/** One card per item type: its items per status, and links to the project's list and the type's board. */
export function TypeCounts({ projectId, types }: TypeCountsProps) {
  const { t } = useTranslation('projectPage');
  if (types.length === 0) return <Typography color="text.secondary">{t('noTypes')}</Typography>;
  return (
    <Grid container spacing={2}>
      {types.map((type) => (
        <Grid key={type.id} size={{ xs: 12, sm: 6, lg: 4 }}>
          <TypeCard projectId={projectId} type={type} />
        </Grid>
      ))}
    </Grid>
  );
}

function TypeCard({ projectId, type }: { projectId: number; type: TypeCount }) {
  const { t } = useTranslation('projectPage');
  const shown = type.statuses.filter((s) => s.count > 0 || s.id !== 0);
  return (
    <Card
      variant="outlined"
      component="section"
      aria-label={type.name}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flex: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 1 }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {type.name}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
            {t('typeTotal', { count: type.total })} · {t('typeOpen', { count: type.open })}
          </Typography>
        </Box>
        {type.total > 0 && (
          <Box
            aria-hidden
            sx={{ display: 'flex', height: 8, borderRadius: 1, overflow: 'hidden', my: 1.5, bgcolor: 'action.hover' }}
          >
            {shown
              .filter((s) => s.count > 0)
              .map((s) => (
                <Box key={s.id} sx={{ flex: s.count, bgcolor: s.color || 'grey.400' }} />
              ))}
          </Box>
        )}
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: type.total > 0 ? 0 : 1.5 }}>
          {shown.map((s) => (
            <Box
              component="li"
              key={s.id}
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 1,
                py: 0.25,
                color: s.count ? 'text.primary' : 'text.secondary',
              }}
            >
              <Box sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: s.color || 'grey.400', flexShrink: 0 }} />
              <Typography variant="body2" sx={{ flex: 1 }}>
                {s.id ? s.name : t('noStatus')}
              </Typography>
              <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {s.count}
              </Typography>
            </Box>
          ))}
        </Box>
      </CardContent>
      <CardActions sx={{ pt: 0 }}>
        <Tooltip title={t('openListLabel', { type: type.name })}>
          <Button
            size="small"
            component={RouterLink}
            to={projectListPath(type.applicationId, type.id, projectId, type.name)}
            aria-label={t('openListLabel', { type: type.name })}
          >
            {t('openList')}
          </Button>
        </Tooltip>
        {type.kanbanViewId > 0 && (
          <Tooltip title={t('openBoardLabel', { type: type.name })}>
            <Button
              size="small"
              component={RouterLink}
              to={boardPath(type.applicationId, type.kanbanViewId, type.name)}
              aria-label={t('openBoardLabel', { type: type.name })}
            >
              {t('openBoard')}
            </Button>
          </Tooltip>
        )}
      </CardActions>
    </Card>
  );
}
