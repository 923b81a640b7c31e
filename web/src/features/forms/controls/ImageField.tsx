import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import UploadOutlined from '@mui/icons-material/UploadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useField } from '../context';
import type { FieldSpec } from '../fields';

/** What saveItem accepts for an image (docs/items.md): PNG, JPEG, GIF or WebP, at most 1 MB, as a data URL. */
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
const MAX_IMAGE_BYTES = 1024 * 1024;

function readAsDataURL(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/** Image (BINARY attribute): a picture kept with the item; the server checks its content again. */
export function ImageField({ field }: { field: FieldSpec }) {
  const { t } = useTranslation('forms');
  const { control } = field;
  const { value, error, disabled, commit } = useField(field);
  const input = useRef<HTMLInputElement>(null);
  const [refused, setRefused] = useState(false);
  const src = typeof value === 'string' && value.startsWith('data:image/') ? value : '';
  const shown = refused ? t('validation.invalidFile') : error;

  const choose = async (file: File | undefined) => {
    if (!file) return;
    const ok = IMAGE_TYPES.includes(file.type) && file.size <= MAX_IMAGE_BYTES;
    setRefused(!ok);
    if (ok) commit(await readAsDataURL(file));
  };

  return (
    <Box role="group" aria-label={control.label}>
      <FormLabel sx={{ fontSize: '0.75rem', display: 'block', mb: 0.5 }}>{control.label}</FormLabel>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Box
          sx={{
            width: 112,
            height: 112,
            borderRadius: 2,
            border: 1,
            borderColor: shown ? 'error.main' : 'divider',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            overflow: 'hidden',
            bgcolor: 'action.hover',
          }}
        >
          {src ? (
            <img src={src} alt={control.label} style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
          ) : (
            <ImageOutlined sx={{ color: 'text.disabled', fontSize: 40 }} />
          )}
        </Box>
        {!disabled && (
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, alignItems: 'flex-start' }}>
            <Button
              size="small"
              variant="outlined"
              startIcon={<UploadOutlined />}
              onClick={() => input.current?.click()}
            >
              {src ? t('image.replace') : t('image.choose')}
            </Button>
            {src && (
              <Button size="small" color="inherit" startIcon={<DeleteOutlined />} onClick={() => commit('')}>
                {t('image.remove')}
              </Button>
            )}
            <FormHelperText sx={{ m: 0 }}>{t('image.hint')}</FormHelperText>
          </Box>
        )}
      </Box>
      {shown && <FormHelperText error>{shown}</FormHelperText>}
      <input
        ref={input}
        type="file"
        hidden
        accept={IMAGE_TYPES.join(',')}
        aria-label={t('image.choose')}
        onChange={(event) => {
          void choose(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
    </Box>
  );
}
