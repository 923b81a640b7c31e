import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The heading of a section of a form (history, related items, a group box). */
export function SectionTitle({ children }: { children: ReactNode }) {
  return (
    <Typography
      variant="subtitle2"
      component="h3"
      sx={{ mb: 1, color: 'text.secondary', textTransform: 'uppercase', letterSpacing: 0.5, fontSize: 12 }}
    >
      {children}
    </Typography>
  );
}
