import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { deriveColors, HEX_COLOR, type BrandColors } from './colors';

/** A brand colour: the main colour (picker or #RRGGBB); light and dark follow it and can be adjusted. */
export function ColorSetting({
  label,
  value,
  onChange,
}: {
  label: string;
  value: BrandColors;
  onChange: (value: BrandColors) => void;
}) {
  const { t } = useTranslation('admin');
  const swatch = (key: keyof BrandColors, caption: string, derive: boolean) => (
    <Stack spacing={0.75} sx={{ alignItems: 'flex-start' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Box
          component="input"
          type="color"
          value={value[key]}
          aria-label={`${label}: ${caption}`}
          onChange={(event: React.ChangeEvent<HTMLInputElement>) =>
            onChange(derive ? deriveColors(event.target.value) : { ...value, [key]: event.target.value })
          }
          sx={{
            width: 40,
            height: 40,
            p: 0,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            bgcolor: 'transparent',
            cursor: 'pointer',
          }}
        />
        <TextField
          size="small"
          label={caption}
          value={value[key]}
          onChange={(event) => {
            const text = event.target.value.trim();
            if (HEX_COLOR.test(text)) onChange(derive ? deriveColors(text) : { ...value, [key]: text.toLowerCase() });
            else onChange({ ...value, [key]: text });
          }}
          error={!HEX_COLOR.test(value[key])}
          sx={{ width: 130 }}
          slotProps={{ htmlInput: { maxLength: 7, spellCheck: false } }}
        />
      </Stack>
    </Stack>
  );
  return (
    <Box>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {label}
      </Typography>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {swatch('main', t('settings.colorMain'), true)}
        {swatch('light', t('settings.colorLight'), false)}
        {swatch('dark', t('settings.colorDark'), false)}
      </Stack>
    </Box>
  );
}
