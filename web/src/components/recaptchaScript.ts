/** The part of Google's reCAPTCHA v2 API this component uses. */
export interface Grecaptcha {
  render(
    container: HTMLElement,
    parameters: {
      sitekey: string;
      callback: (token: string) => void;
      'expired-callback': () => void;
      'error-callback': () => void;
      hl?: string;
      theme?: 'light' | 'dark';
    },
  ): number;
  reset(widgetId?: number): void;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
    tramitaRecaptchaLoaded?: () => void;
  }
}

export const RECAPTCHA_SCRIPT = 'https://www.google.com/recaptcha/api.js';
const ONLOAD = 'tramitaRecaptchaLoaded';

let scriptPromise: Promise<Grecaptcha> | undefined;

/** Loads Google's script once (explicit rendering); resolves when grecaptcha is ready. */
export function loadRecaptcha(language: string): Promise<Grecaptcha> {
  if (window.grecaptcha?.render) return Promise.resolve(window.grecaptcha);
  scriptPromise ??= new Promise<Grecaptcha>((resolve, reject) => {
    window[ONLOAD] = () => {
      if (window.grecaptcha) resolve(window.grecaptcha);
      else reject(new Error('reCAPTCHA loaded without grecaptcha'));
    };
    const script = document.createElement('script');
    script.src = `${RECAPTCHA_SCRIPT}?render=explicit&onload=${ONLOAD}&hl=${encodeURIComponent(language)}`;
    script.async = true;
    script.defer = true;
    script.onerror = () => {
      scriptPromise = undefined; // a later mount may try again
      script.remove();
      reject(new Error('reCAPTCHA script failed to load'));
    };
    document.head.appendChild(script);
  });
  return scriptPromise;
}
