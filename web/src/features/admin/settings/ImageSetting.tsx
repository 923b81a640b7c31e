import { useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import UploadIcon from '@mui/icons-material/FileUploadOutlined';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { readImage } from './settingsDraft';

/** An image setting (logo, background): a preview, upload (PNG, JPEG, WebP or SVG) and remove. */
export function ImageSetting({
  label,
  value,
  onChange,
  dark = false,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  dark?: boolean;
}) {
  const { t } = useTranslation('admin');
  const { enqueueSnackbar } = useSnackbar();
  const input = useRef<HTMLInputElement>(null);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    const url = await readImage(file).catch(() => undefined);
    if (url === undefined) enqueueSnackbar(t('settings.imageTooLarge'), { variant: 'error' });
    else onChange(url);
  };

  return (
    <Box>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {label}
      </Typography>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <Box
          sx={{
            width: 132,
            height: 64,
            borderRadius: 1,
            border: 1,
            borderColor: 'divider',
            bgcolor: dark ? 'grey.900' : 'background.default',
            display: 'grid',
            placeItems: 'center',
            overflow: 'hidden',
            flexShrink: 0,
          }}
        >
          {value ? (
            <Box
              component="img"
              src={value}
              alt={label}
              sx={{ maxWidth: '90%', maxHeight: '80%', objectFit: 'contain' }}
            />
          ) : (
            <Typography variant="caption" color="text.secondary">
              {t('settings.noImage')}
            </Typography>
          )}
        </Box>
        <Stack spacing={0.5}>
          <input
            ref={input}
            type="file"
            hidden
            accept="image/png,image/jpeg,image/webp,image/svg+xml"
            onChange={(event) => void pick(event.target.files?.[0])}
          />
          <Button size="small" startIcon={<UploadIcon />} onClick={() => input.current?.click()}>
            {t('settings.upload')}
          </Button>
          {value && (
            <Button size="small" color="inherit" onClick={() => onChange('')}>
              {t('settings.removeImage')}
            </Button>
          )}
        </Stack>
      </Stack>
    </Box>
  );
}
