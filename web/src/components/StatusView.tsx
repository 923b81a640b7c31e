import { useContext, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { InsideMain } from './insideMain';

interface StatusViewProps {
  /** Large headline (an error code or a short title). */
  code?: ReactNode;
  title?: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
}

/** Full-page message with a title, a description and an optional action (404, maintenance, load errors). */
export function StatusView({ code, title, description, icon, action }: StatusViewProps) {
  const inShell = useContext(InsideMain);
  return (
    <Box
      component={inShell ? 'div' : 'main'}
      sx={{
        minHeight: inShell ? '60dvh' : '100dvh',
        display: 'grid',
        placeItems: 'center',
        p: 3,
        bgcolor: 'background.default',
      }}
    >
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', maxWidth: 520 }}>
        {icon}
        {code && (
          <Typography
            component="p"
            sx={{
              fontSize: { xs: 72, sm: 96 },
              fontWeight: 700,
              lineHeight: 1,
              color: 'primary.main',
              letterSpacing: 2,
            }}
          >
            {code}
          </Typography>
        )}
        {title && (
          <Typography variant="h4" component="h1" sx={{ fontWeight: 700, letterSpacing: 1 }}>
            {title}
          </Typography>
        )}
        {description && (
          // Without a title the description is what the page is about: its heading.
          <Typography variant="body1" component={title ? 'p' : 'h1'} color="text.secondary" sx={{ fontSize: 16 }}>
            {description}
          </Typography>
        )}
        {action && <Box sx={{ pt: 1 }}>{action}</Box>}
      </Stack>
    </Box>
  );
}
