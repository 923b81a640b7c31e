import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { loadRecaptcha, type Grecaptcha } from './recaptchaScript';

export interface RecaptchaHandle {
  /** Shows a fresh, unsolved challenge (a token is good for one sign-in attempt). */
  reset(): void;
}

interface RecaptchaProps {
  siteKey: string;
  language: string;
  theme?: 'light' | 'dark';
  /** The token when solved; null when it expires, errors or is reset. */
  onChange: (token: string | null) => void;
  ref?: Ref<RecaptchaHandle>;
}

/** Google reCAPTCHA v2 checkbox (spec section 2: login with recaptcha enabled). */
export function Recaptcha({ siteKey, language, theme = 'light', onChange, ref }: RecaptchaProps) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const widget = useRef<{ api: Grecaptcha; id: number } | undefined>(undefined);
  const onChangeRef = useRef(onChange);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useImperativeHandle(
    ref,
    () => ({
      reset() {
        if (widget.current) widget.current.api.reset(widget.current.id);
        onChangeRef.current(null);
      },
    }),
    [],
  );

  useEffect(() => {
    let cancelled = false;
    const element = container.current;
    loadRecaptcha(language).then(
      (api) => {
        if (cancelled || !element) return;
        // A widget renders into an empty element only; a language change re-renders it.
        const target = document.createElement('div');
        element.replaceChildren(target);
        const id = api.render(target, {
          sitekey: siteKey,
          hl: language,
          theme,
          callback: (token) => onChangeRef.current(token),
          'expired-callback': () => onChangeRef.current(null),
          'error-callback': () => onChangeRef.current(null),
        });
        widget.current = { api, id };
      },
      () => {
        if (!cancelled) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
      widget.current = undefined;
      element?.replaceChildren();
      onChangeRef.current(null);
    };
  }, [siteKey, language, theme]);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', minHeight: 78 }}>
      <Box ref={container} data-testid="recaptcha" />
      {failed && (
        <Typography role="alert" variant="body2" color="error" sx={{ textAlign: 'center' }}>
          {t('login.recaptchaError')}
        </Typography>
      )}
    </Box>
  );
}
