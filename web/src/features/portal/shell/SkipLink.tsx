import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { focusElement, pageHeading } from '../../../app/pageFocus';

export const MAIN_CONTENT_ID = 'main-content';

/**
 * The first stop of the Tab key on every signed-in page: hidden until focused, it skips the header
 * bar and the menu and puts the focus on the page's heading (else on the main landmark).
 */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <Link
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(e) => {
        const target = pageHeading() ?? document.getElementById(MAIN_CONTENT_ID);
        if (!target) return;
        // The address keeps no #main-content: the focus moves, the route stays as it was.
        e.preventDefault();
        focusElement(target);
      }}
      sx={{
        position: 'absolute',
        left: 8,
        top: 8,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'background.paper',
        color: 'primary.main',
        fontWeight: 700,
        boxShadow: 4,
        transform: 'translateY(-200%)',
        '&:focus': { transform: 'none', outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
      }}
    >
      {t('shell.skipToContent')}
    </Link>
  );
}
