import { Fragment, useRef } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import {
  MAX_PROTOCOL_TEMPLATE,
  PROTOCOL_PLACEHOLDERS,
  renderProtocolParts,
  sampleProtocolValues,
  unknownPlaceholders,
} from './protocolTemplate';

const mono = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';

/**
 * The Signature Protocol's template: a multi-line field, its placeholders (each inserted at the cursor by a
 * click, with what it becomes) and the protocol as it would be issued, with example values.
 */
export function ProtocolTemplateSetting({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const { t, i18n } = useTranslation('admin');
  const input = useRef<HTMLTextAreaElement>(null);
  const unknown = unknownPlaceholders(value);
  const parts = renderProtocolParts(value, sampleProtocolValues(i18n.language));

  const insert = (name: string) => {
    const token = `{${name}}`;
    const el = input.current;
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? value.length;
    onChange(value.slice(0, start) + token + value.slice(end));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  const help =
    error ??
    (unknown.length > 0
      ? t('settings.protocolUnknown', { names: unknown.join(', ') })
      : t('settings.protocolTemplateHelp', { length: value.length, max: MAX_PROTOCOL_TEMPLATE }));
  return (
    <Stack spacing={2.5}>
      <TextField
        label={t('settings.protocolTemplate')}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        multiline
        minRows={5}
        maxRows={16}
        fullWidth
        placeholder={t('settings.protocolTemplatePlaceholder')}
        error={Boolean(error) || unknown.length > 0}
        helperText={help}
        inputRef={input}
        slotProps={{ htmlInput: { maxLength: MAX_PROTOCOL_TEMPLATE, spellCheck: false } }}
      />
      <Box component="section" aria-label={t('settings.protocolPlaceholders')}>
        <Typography variant="subtitle2" sx={{ mb: 1 }}>
          {t('settings.protocolPlaceholders')}
        </Typography>
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
            columnGap: 2,
            rowGap: 0.75,
          }}
        >
          {PROTOCOL_PLACEHOLDERS.map((p) => (
            <Box component="li" key={p.name} sx={{ display: 'flex', alignItems: 'baseline', gap: 1, minWidth: 0 }}>
              <ButtonBase
                onClick={() => insert(p.name)}
                aria-label={t('settings.protocolInsert', { name: `{${p.name}}` })}
                sx={{
                  fontFamily: mono,
                  fontSize: 12.5,
                  px: 0.75,
                  py: 0.25,
                  borderRadius: 1,
                  bgcolor: 'action.selected',
                  color: 'primary.main',
                  flexShrink: 0,
                  '&:hover': { bgcolor: 'action.focus' },
                }}
              >
                {`{${p.name}}`}
              </ButtonBase>
              <Typography variant="body2" color="text.secondary" sx={{ minWidth: 0 }}>
                {t(`settings.protocolPlaceholder.${p.name}`)}
                {'alias' in p && (
                  <Box component="span" sx={{ fontSize: 12, color: 'text.secondary' }}>
                    {' · '}
                    {t('settings.protocolAlias')} <Box component="code" sx={{ fontFamily: mono }}>{`{${p.alias}}`}</Box>
                  </Box>
                )}
              </Typography>
            </Box>
          ))}
        </Box>
      </Box>
      <Box>
        <Typography variant="subtitle2" sx={{ mb: 1 }}>
          {t('settings.protocolPreview')}
        </Typography>
        {value.trim() === '' ? (
          <Alert severity="info" data-testid="protocol-preview">
            {t('settings.protocolEmpty')}
          </Alert>
        ) : (
          <Paper variant="outlined" data-testid="protocol-preview" sx={{ p: 2.5, bgcolor: 'background.default' }}>
            <Typography sx={{ fontWeight: 700, fontSize: 15, mb: 1.5 }}>
              {t('settings.protocolPreviewTitle')}
            </Typography>
            <Typography
              variant="body2"
              component="div"
              sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', lineHeight: 1.6 }}
            >
              {parts.map((part, index) =>
                part.kind === 'text' ? (
                  <Fragment key={index}>{part.text}</Fragment>
                ) : (
                  <Box
                    key={index}
                    component="mark"
                    data-kind={part.kind}
                    sx={{
                      bgcolor: part.kind === 'unknown' ? 'error.light' : 'action.selected',
                      color: part.kind === 'unknown' ? 'error.contrastText' : 'text.primary',
                      borderRadius: 0.5,
                      px: 0.25,
                    }}
                  >
                    {part.text}
                  </Box>
                ),
              )}
            </Typography>
          </Paper>
        )}
      </Box>
    </Stack>
  );
}
