import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Document, Page, pdfjs } from 'react-pdf';
import { termsScale } from './termsScale';
import 'react-pdf/dist/Page/AnnotationLayer.css';
import 'react-pdf/dist/Page/TextLayer.css';

// The worker is a file of this build, served by our own origin (CSP worker-src 'self').
pdfjs.GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).toString();

/** pdf.js options: no eval (CSP script-src 'self' forbids it). Non-embedded standard fonts use the system's. */
const DOCUMENT_OPTIONS = { isEvalSupported: false };

/** Every page of a PDF, one under the other. Loaded on demand: pdf.js is large. */
export default function PdfPages({ file, title }: { file: Blob; title: string }) {
  const { t } = useTranslation();
  const [pages, setPages] = useState(0);
  // The pages follow the dialog's width: at 0.9 an A4 page is 535 px, wider than a phone.
  const box = useRef<HTMLDivElement>(null);
  const [available, setAvailable] = useState<number>();
  const [pageWidth, setPageWidth] = useState<number>();
  useEffect(() => {
    const node = box.current;
    if (!node || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => setAvailable(node.clientWidth));
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  const scale = termsScale(available, pageWidth);
  return (
    <Box ref={box}>
      <Document
        file={file}
        options={DOCUMENT_OPTIONS}
        onLoadSuccess={({ numPages }) => setPages(numPages)}
        loading={
          <Box sx={{ display: 'grid', placeItems: 'center', minHeight: 240 }}>
            <CircularProgress aria-label={t('terms.loading')} />
          </Box>
        }
        error={
          <Typography role="alert" color="error" sx={{ p: 3, textAlign: 'center' }}>
            {t('terms.loadError')}
          </Typography>
        }
      >
        {Array.from({ length: pages }, (_, index) => (
          <Box
            key={index}
            sx={{
              width: 'fit-content',
              mx: 'auto',
              mb: 2,
              boxShadow: 2,
              bgcolor: 'common.white',
              '&:last-child': { mb: 0 },
            }}
          >
            <Page
              pageNumber={index + 1}
              scale={scale}
              onLoadSuccess={index === 0 ? (page) => setPageWidth(page.originalWidth) : undefined}
              renderAnnotationLayer
              renderTextLayer
              aria-label={t('terms.page', { title, page: index + 1, pages })}
            />
          </Box>
        ))}
      </Document>
    </Box>
  );
}
