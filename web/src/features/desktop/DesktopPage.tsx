import { useEffect } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../app/useSession';
import { applicationsQuery, type Application, applicationTarget, decideDesktop, AppIcon } from '../portal';

/** /app, the desktop of applications (spec section 2, 'App launcher'), inside the portal shell. */
export default function DesktopPage() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const { data, isLoading } = useQuery(applicationsQuery());
  const decision = data && session ? decideDesktop(data, session) : undefined;

  useEffect(() => {
    if (decision?.kind === 'open') void navigate(`/runtime/${decision.application.id}`, { replace: true });
  }, [decision, navigate]);

  const name = session?.loggedUser.name ?? '';
  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto', py: { xs: 1, sm: 3 } }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800, letterSpacing: -0.5 }}>
        {t('desktop.greeting', { name })}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5, mb: 4 }}>
        {t('desktop.subtitle')}
      </Typography>
      <Box
        component="ul"
        aria-label={t('desktop.title')}
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2.5,
          gridTemplateColumns: {
            xs: 'repeat(auto-fill, minmax(150px, 1fr))',
            sm: 'repeat(auto-fill, minmax(200px, 1fr))',
          },
        }}
      >
        {isLoading &&
          [0, 1, 2].map((i) => (
            <li key={i}>
              <Skeleton variant="rounded" height={168} />
            </li>
          ))}
        {decision?.kind === 'desktop' &&
          decision.applications.map((application) => <Tile key={application.id} application={application} />)}
      </Box>
      {decision?.kind === 'desktop' && decision.applications.length === 0 && (
        <Typography color="text.secondary">{t('desktop.empty')}</Typography>
      )}
    </Box>
  );
}

function Tile({ application }: { application: Application }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const target = applicationTarget(application);
  // The name holds what the tile shows, its version included (WCAG 2.5.3).
  const name = application.appVersion
    ? t('desktop.appWithVersion', { name: application.name, version: application.appVersion })
    : application.name;
  const open = () => (target.external ? window.open(target.href, '_blank', 'noopener') : void navigate(target.href));
  return (
    <li>
      <Paper
        component={ButtonBase}
        onClick={open}
        variant="outlined"
        aria-label={target.external ? t('desktop.opensInNewTab', { name }) : name}
        sx={{
          width: '100%',
          height: { xs: 150, sm: 168 },
          borderRadius: 3,
          flexDirection: 'column',
          gap: 1.5,
          p: 2,
          position: 'relative',
          transition: 'transform .15s, box-shadow .15s, border-color .15s',
          '&:hover, &.Mui-focusVisible': { transform: 'translateY(-2px)', boxShadow: 6, borderColor: 'primary.main' },
        }}
      >
        {target.external && (
          <OpenInNewIcon fontSize="small" color="action" sx={{ position: 'absolute', top: 12, right: 12 }} />
        )}
        <Box
          sx={{
            width: 64,
            height: 64,
            borderRadius: 3,
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            boxShadow: 2,
          }}
        >
          <AppIcon
            name={application.iconName}
            fontAwesome={application.isFontAwesomeIcon}
            image={application.imageContent}
            size={34}
          />
        </Box>
        <Typography sx={{ fontWeight: 700, textAlign: 'center' }}>{application.name}</Typography>
        {application.appVersion && (
          <Typography variant="caption" color="text.secondary">
            {t('shell.version')} {application.appVersion}
          </Typography>
        )}
      </Paper>
    </li>
  );
}
