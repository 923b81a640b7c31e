import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useState, type DragEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileProblem } from './AttachmentsFiles';

/** The problem of the last upload, download or delete, as the server worded it. */
export function FileProblemAlert({ problem }: { problem: FileProblem | null }) {
  if (!problem) return null;
  return (
    <Alert severity="error" sx={{ mt: 1 }}>
      {problem.message}
      {problem.details.length > 0 && (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {problem.details.map((detail) => (
            <li key={detail}>{detail}</li>
          ))}
        </Box>
      )}
    </Alert>
  );
}

/** A region that takes files dropped on it (when enabled), showing where they will land. */
export function DropZone({ enabled, onFiles, label, children }: { enabled: boolean; onFiles: (files: File[]) => void; label: string; children: ReactNode }) {
  const { t } = useTranslation('forms');
  const [over, setOver] = useState(false);
  const carriesFiles = (event: DragEvent) => enabled && Array.from(event.dataTransfer.types).includes('Files');
  return (
    <Box
      component="section"
      aria-label={label}
      onDragOver={(event) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        setOver(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={(event) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        setOver(false);
        onFiles(Array.from(event.dataTransfer.files));
      }}
      sx={{ position: 'relative' }}
    >
      {children}
      {over && (
        <Box
          sx={{
            position: 'absolute',
            inset: 0,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            border: 2,
            borderStyle: 'dashed',
            borderColor: 'primary.main',
            borderRadius: 1,
            bgcolor: 'rgba(25, 118, 210, 0.08)',
            pointerEvents: 'none',
          }}
        >
          <Typography variant="subtitle1" color="primary" sx={{ fontWeight: 600 }}>
            {t('files.dropHere')}
          </Typography>
        </Box>
      )}
    </Box>
  );
}
