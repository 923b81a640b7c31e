import FormatBold from '@mui/icons-material/FormatBold';
import FormatClear from '@mui/icons-material/FormatClear';
import FormatItalic from '@mui/icons-material/FormatItalic';
import FormatListBulleted from '@mui/icons-material/FormatListBulleted';
import FormatListNumbered from '@mui/icons-material/FormatListNumbered';
import FormatUnderlined from '@mui/icons-material/FormatUnderlined';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useField } from '../context';
import type { FieldSpec } from '../fields';

const COMMANDS = [
  { command: 'bold', icon: <FormatBold fontSize="small" />, label: 'richText.bold' },
  { command: 'italic', icon: <FormatItalic fontSize="small" />, label: 'richText.italic' },
  { command: 'underline', icon: <FormatUnderlined fontSize="small" />, label: 'richText.underline' },
  { command: 'insertUnorderedList', icon: <FormatListBulleted fontSize="small" />, label: 'richText.bulletList' },
  { command: 'insertOrderedList', icon: <FormatListNumbered fontSize="small" />, label: 'richText.numberedList' },
  { command: 'removeFormat', icon: <FormatClear fontSize="small" />, label: 'richText.clear' },
] as const;

/**
 * Rich text (formatted text on a RICH_TEXT attribute). The browser edits the HTML; the server
 * sanitises what is saved (allow-list of formatting tags), so what comes back is safe to show.
 */
export function RichTextField({ field }: { field: FieldSpec }) {
  const { t } = useTranslation('forms');
  const { control } = field;
  const { value, error, disabled, setValue, touch } = useField(field);
  const editor = useRef<HTMLDivElement>(null);
  const labelId = useId();
  const html = String(value ?? '');

  // Only a change from outside (load, reload, save and clear) rewrites the editor; typing does not.
  useEffect(() => {
    if (editor.current && editor.current.innerHTML !== html) editor.current.innerHTML = html;
  }, [html]);

  const run = (command: string) => {
    editor.current?.focus();
    document.execCommand(command);
    setValue(editor.current?.innerHTML ?? '');
  };

  return (
    <FormControl fullWidth error={Boolean(error)} required={control.required} disabled={disabled}>
      <FormLabel id={labelId} sx={{ fontSize: '0.75rem', mb: 0.5 }}>
        {control.label}
      </FormLabel>
      <Box
        sx={(theme) => ({
          border: 1,
          borderColor: error ? 'error.main' : 'divider',
          borderRadius: 1,
          bgcolor: disabled ? 'action.hover' : 'background.paper',
          '&:focus-within': { borderColor: 'primary.main', boxShadow: `0 0 0 1px ${theme.palette.primary.main}` },
        })}
      >
        {!disabled && (
          <Box
            role="toolbar"
            aria-label={t('richText.toolbar')}
            sx={{ display: 'flex', gap: 0.25, px: 0.5, py: 0.25, borderBottom: 1, borderColor: 'divider' }}
          >
            {COMMANDS.map(({ command, icon, label }) => (
              <Tooltip key={command} title={t(label)}>
                <IconButton
                  size="small"
                  aria-label={t(label)}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => run(command)}
                >
                  {icon}
                </IconButton>
              </Tooltip>
            ))}
          </Box>
        )}
        <Box
          ref={editor}
          role="textbox"
          aria-multiline
          aria-labelledby={labelId}
          contentEditable={!disabled}
          suppressContentEditableWarning
          onInput={() => setValue(editor.current?.innerHTML ?? '')}
          onBlur={touch}
          sx={{
            minHeight: 120,
            maxHeight: 360,
            overflowY: 'auto',
            px: 1.5,
            py: 1,
            outline: 'none',
            typography: 'body2',
            '& p': { m: 0, mb: 1 },
            '& ul, & ol': { my: 0.5, pl: 3 },
          }}
        />
      </Box>
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}
