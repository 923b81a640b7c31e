import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Drawer from '@mui/material/Drawer';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import CheckIcon from '@mui/icons-material/Check';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../../app/settings';
import { useThemeMode } from '../../../app/themeMode';
import { LAYOUTS, normalizeLayout, useAppearance, type Layout } from '../../../theme/appearance';
import { DEFAULT_PRIMARY, DEFAULT_SECONDARY } from '../../../theme/createAppTheme';
import { PALETTES } from '../../../theme/palettes';

const PLATFORM = 'platform';

/** The appearance panel: light or dark, the layout and the named palette, each remembered in this browser. */
export default function AppearanceDrawer({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const { mode, setMode } = useThemeMode();
  const { palette, layout, setPalette, setLayout } = useAppearance();
  const platformPrimary = settings.primaryColor.main || DEFAULT_PRIMARY.main;
  const platformSecondary = settings.secondaryColor.main || DEFAULT_SECONDARY.main;
  const swatches = [
    { key: PLATFORM, name: t('appearance.platformPalette'), primary: platformPrimary, secondary: platformSecondary },
    ...PALETTES.map((p) => ({
      key: p.key,
      name: t(`appearance.palettes.${p.key}`),
      primary: p.primary.main,
      secondary: p.secondary.main,
    })),
  ];
  const chosenPalette = palette ?? PLATFORM;

  return (
    <Drawer
      anchor="right"
      open
      onClose={onClose}
      slotProps={{ paper: { 'aria-labelledby': 'appearance-title', sx: { width: { xs: '100%', sm: 340 } } } as object }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2.5, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <Typography id="appearance-title" variant="h6" component="h2" sx={{ flex: 1, fontWeight: 700 }}>
          {t('appearance.title')}
        </Typography>
        <IconButton aria-label={t('appearance.close')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Box sx={{ p: 2.5, display: 'flex', flexDirection: 'column', gap: 3, overflowY: 'auto' }}>
        <section aria-labelledby="appearance-mode">
          <Typography
            id="appearance-mode"
            variant="overline"
            component="h3"
            color="text.secondary"
            sx={{ fontWeight: 700 }}
          >
            {t('appearance.mode')}
          </Typography>
          <ToggleButtonGroup
            exclusive
            fullWidth
            size="small"
            value={mode}
            onChange={(_, next) => next && setMode(next)}
            aria-labelledby="appearance-mode"
          >
            <ToggleButton value="light">{t('appearance.light')}</ToggleButton>
            <ToggleButton value="dark">{t('appearance.dark')}</ToggleButton>
          </ToggleButtonGroup>
        </section>
        <section>
          <Typography
            id="appearance-layout"
            variant="overline"
            component="h3"
            color="text.secondary"
            sx={{ fontWeight: 700 }}
          >
            {t('appearance.layout')}
          </Typography>
          <RadioGroup
            aria-labelledby="appearance-layout"
            value={layout ?? PLATFORM}
            onChange={(_, value) => setLayout(value === PLATFORM ? null : (value as Layout))}
          >
            <FormControlLabel
              value={PLATFORM}
              control={<Radio size="small" />}
              label={t('appearance.platformLayout', {
                layout: t(`appearance.layouts.${normalizeLayout(settings.layout)}`),
              })}
            />
            {LAYOUTS.map((key) => (
              <FormControlLabel
                key={key}
                value={key}
                control={<Radio size="small" />}
                label={t(`appearance.layouts.${key}`)}
              />
            ))}
          </RadioGroup>
        </section>
        <section aria-labelledby="appearance-palette">
          <Typography
            id="appearance-palette"
            variant="overline"
            component="h3"
            color="text.secondary"
            sx={{ fontWeight: 700 }}
          >
            {t('appearance.palette')}
          </Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 1 }}>
            {swatches.map((swatch) => {
              const selected = chosenPalette === swatch.key;
              return (
                <ButtonBase
                  key={swatch.key}
                  aria-pressed={selected}
                  onClick={() => setPalette(swatch.key === PLATFORM ? null : swatch.key)}
                  sx={{
                    flexDirection: 'column',
                    gap: 0.5,
                    p: 1,
                    borderRadius: 2,
                    border: 2,
                    borderColor: selected ? 'primary.main' : 'divider',
                  }}
                >
                  <Box
                    aria-hidden
                    sx={{
                      display: 'flex',
                      width: '100%',
                      height: 28,
                      borderRadius: 1,
                      overflow: 'hidden',
                      position: 'relative',
                    }}
                  >
                    <Box sx={{ flex: 2, bgcolor: swatch.primary }} />
                    <Box sx={{ flex: 1, bgcolor: swatch.secondary }} />
                    {selected && (
                      <CheckIcon sx={{ position: 'absolute', inset: 0, m: 'auto', color: '#fff', fontSize: 20 }} />
                    )}
                  </Box>
                  <Typography variant="caption" sx={{ lineHeight: 1.2, textAlign: 'center' }}>
                    {swatch.name}
                  </Typography>
                </ButtonBase>
              );
            })}
          </Box>
        </section>
      </Box>
    </Drawer>
  );
}
