import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../display';
import type { FormControl } from '../types';
import { useItemFiles } from './AttachmentsFiles';
import { DropZone, FileProblemAlert } from './AttachmentsParts';
import { SectionTitle } from './SectionTitle';

/**
 * File chooser: the item's one digital content (uploadFiles with kind content). A new file
 * replaces the old one on the server, in the same transaction; the list's HasDigitalContent
 * follows it.
 */
export function FileChooser({ control }: { control: FormControl }) {
  const { t } = useTranslation('forms');
  const files = useItemFiles();
  const input = useRef<HTMLInputElement>(null);
  const label = control.label || t('files.contentTitle');
  const content = files.query.data?.content ?? null;
  const choose = (chosen: File[]) => files.upload('content', chosen.slice(0, 1));

  return (
    <DropZone enabled={files.canEdit && files.uploading === 0} onFiles={choose} label={label}>
      <SectionTitle>{label}</SectionTitle>
      <input
        ref={input}
        type="file"
        hidden
        aria-label={content ? t('files.replace') : t('files.choose')}
        onChange={(event) => {
          choose(Array.from(event.target.files ?? []));
          event.target.value = '';
        }}
      />
      {files.itemId === 0 ? (
        <Alert severity="info" variant="outlined">
          {t('files.contentSaveFirst')}
        </Alert>
      ) : files.query.isPending ? (
        <LinearProgress aria-label={t('files.loading')} />
      ) : files.query.isError ? (
        <Alert severity="error">{files.query.error.message}</Alert>
      ) : (
        <>
          <Paper
            variant="outlined"
            sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2, py: 1.5, flexWrap: 'wrap' }}
          >
            <DescriptionOutlined sx={{ color: content ? 'primary.main' : 'text.disabled' }} />
            <Box sx={{ flexGrow: 1, minWidth: 200 }}>
              {content ? (
                <>
                  <Link
                    component="button"
                    type="button"
                    underline="hover"
                    onClick={() => void files.download(content)}
                    sx={{ textAlign: 'left', wordBreak: 'break-all', fontWeight: 500 }}
                  >
                    {content.name}
                  </Link>
                  <Typography variant="caption" color="text.secondary" component="div">
                    {files.size(content.size)} ·{' '}
                    {t('files.by', { name: content.uploadedBy, date: formatDateTime(content.uploadedAt) })}
                  </Typography>
                </>
              ) : (
                <Typography variant="body2" color="text.secondary">
                  {t('files.contentEmpty')}
                </Typography>
              )}
            </Box>
            {content && (
              <Tooltip title={t('files.download', { name: content.name })}>
                <IconButton
                  size="small"
                  aria-label={t('files.download', { name: content.name })}
                  onClick={() => void files.download(content)}
                >
                  <DownloadOutlined fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
            {files.canEdit && content && (
              <Tooltip title={t('files.remove', { name: content.name })}>
                <span>
                  <IconButton
                    size="small"
                    aria-label={t('files.remove', { name: content.name })}
                    disabled={files.removing === content.id}
                    onClick={() => void files.remove(content)}
                  >
                    <DeleteOutlined fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
            )}
            {files.canEdit && (
              <Button
                size="small"
                variant="outlined"
                startIcon={files.uploading ? <CircularProgress size={16} /> : <UploadFileOutlined />}
                disabled={files.uploading > 0}
                onClick={() => input.current?.click()}
              >
                {content ? t('files.replace') : t('files.choose')}
              </Button>
            )}
          </Paper>
          {files.query.data && (
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
              {t('files.contentLimits', { size: files.size(files.query.data.maxSize) })}
            </Typography>
          )}
          <FileProblemAlert problem={files.problem} />
        </>
      )}
    </DropZone>
  );
}
