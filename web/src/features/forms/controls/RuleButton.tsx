import PlayArrowOutlined from '@mui/icons-material/PlayArrowOutlined';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormControl } from '../types';
import { RuleWindowDialog } from './RuleWindowDialog';
import { useRunRule } from './useRunRule';

/**
 * A button bound to a form business rule: runs it on the values being edited
 * (executeFormBusinessRule), after asking its window's values when it has one
 * (executeWindowCallResultFunction); the fields the rule changes come back into the form.
 */
export function RuleButton({ control }: { control: FormControl }) {
  const { t } = useTranslation('forms');
  const { run, pending, readOnly, fieldErrors } = useRunRule();
  const [windowOpen, setWindowOpen] = useState(false);
  const windowFields = control.window ?? [];
  return (
    <>
      <Button
        variant="outlined"
        disabled={readOnly || pending}
        onClick={() => (windowFields.length > 0 ? setWindowOpen(true) : run({ rule: control.rule ?? '' }))}
        startIcon={pending && !windowOpen ? <CircularProgress size={16} /> : <PlayArrowOutlined />}
      >
        {control.label || t('rule.run')}
      </Button>
      {windowFields.length > 0 && (
        <RuleWindowDialog
          open={windowOpen}
          title={control.label || t('rule.run')}
          fields={windowFields}
          pending={pending}
          errors={fieldErrors}
          onCancel={() => setWindowOpen(false)}
          onConfirm={(params) => run({ rule: control.rule ?? '', params }, () => setWindowOpen(false))}
        />
      )}
    </>
  );
}
