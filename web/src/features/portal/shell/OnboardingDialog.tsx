import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MobileStepper from '@mui/material/MobileStepper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

const STEPS = ['desktop', 'menu', 'search', 'messages', 'profile'] as const;

/** The onboarding guide (spec section 2): Back / Next / Done over steps that introduce the shell. */
export default function OnboardingDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [step, setStep] = useState(0);
  const key = STEPS[step]!;
  const last = step === STEPS.length - 1;
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="onboarding-title">
      <DialogTitle id="onboarding-title" sx={{ fontWeight: 700 }}>
        {t(`onboarding.${key}.title`)}
      </DialogTitle>
      <DialogContent>
        <Typography color="text.secondary">{t(`onboarding.${key}.text`)}</Typography>
      </DialogContent>
      <Box sx={{ px: 2 }}>
        <MobileStepper
          variant="dots"
          steps={STEPS.length}
          position="static"
          activeStep={step}
          backButton={null}
          nextButton={null}
          sx={{ justifyContent: 'center', bgcolor: 'transparent' }}
        />
      </Box>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button color="inherit" disabled={step === 0} onClick={() => setStep(step - 1)}>
          {t('onboarding.back')}
        </Button>
        <Button variant="contained" onClick={() => (last ? onClose() : setStep(step + 1))}>
          {last ? t('onboarding.done') : t('onboarding.next')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
