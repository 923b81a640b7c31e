import ApprovalOutlined from '@mui/icons-material/ApprovalOutlined';
import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import DrawOutlined from '@mui/icons-material/DrawOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../display';
import type { Attachment } from '../api';
import type { FormControl } from '../types';
import { useFileSignatures, useItemFiles } from './AttachmentsFiles';
import { DropZone, FileProblemAlert, SignatureLine, SignDialog } from './AttachmentsParts';
import { RelationStates } from './RelationSection';
import { RowAction } from './RowAction';
import { SectionTitle } from './SectionTitle';

/**
 * Attachments: the files of the item (loadAttachments), several at a time by the button or by
 * dropping them (uploadFiles), each downloaded under its own name and deleted when the server
 * lets the caller change the item. The server checks every file again (type by content, size,
 * the count limit under a lock); the count is also checked here, before anything is sent.
 * Who may change the item may also sign a file (the password again) and stamp a signed PDF;
 * every file shows its signatures (docs/items.md, "Signatures and stamps").
 */
/** The columns a phone leaves out (their values go under the file's name). */
const wide = { xs: 'none', sm: 'table-cell' } as const;

export function Attachments({ control }: { control: FormControl }) {
  const { t } = useTranslation('forms');
  const files = useItemFiles();
  const signatures = useFileSignatures();
  const [signing, setSigning] = useState<Attachment | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const label = control.label || t('files.title');

  return (
    <DropZone
      enabled={files.canEdit && files.uploading === 0}
      onFiles={(chosen) => files.upload('attachment', chosen)}
      label={label}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
        <SectionTitle>{label}</SectionTitle>
        {files.canEdit && (
          <Button
            size="small"
            startIcon={files.uploading ? <CircularProgress size={16} /> : <AttachFileOutlined />}
            onClick={() => input.current?.click()}
            disabled={files.uploading > 0}
            sx={{ ml: 'auto', mb: 1 }}
          >
            {t('files.attach')}
          </Button>
        )}
        <input
          ref={input}
          type="file"
          multiple
          hidden
          aria-label={t('files.attach')}
          onChange={(event) => {
            files.upload('attachment', Array.from(event.target.files ?? []));
            event.target.value = '';
          }}
        />
      </Box>
      <RelationStates
        itemId={files.itemId}
        saveFirst={
          <Alert severity="info" variant="outlined">
            {t('files.saveFirst')}
          </Alert>
        }
        loadingLabel={t('files.loading')}
        query={files.query}
      >
        {(list) => (
          <>
            {list.files.length > 0 ? (
              <Paper variant="outlined">
                <TableContainer>
                  <Table size="small" aria-label={label}>
                    <TableHead>
                      <TableRow>
                        <TableCell>{t('files.name')}</TableCell>
                        <TableCell sx={{ width: 110, display: wide }} align="right">
                          {t('files.size')}
                        </TableCell>
                        <TableCell sx={{ width: 200, display: wide }}>{t('files.uploadedBy')}</TableCell>
                        <TableCell sx={{ width: 150, display: wide }}>{t('files.uploadedAt')}</TableCell>
                        <TableCell sx={{ width: files.canEdit ? 168 : 56 }} />
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {list.files.map((file) => (
                        <TableRow key={file.id} hover>
                          <TableCell>
                            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                              <InsertDriveFileOutlined fontSize="small" sx={{ color: 'text.secondary' }} />
                              <Link
                                component="button"
                                type="button"
                                underline="hover"
                                onClick={() => void files.download(file)}
                                sx={{ textAlign: 'left', wordBreak: 'break-all' }}
                              >
                                {file.name}
                              </Link>
                            </Box>
                            {/* On a phone the size, sender and date columns fold under the name. */}
                            <Typography
                              variant="caption"
                              color="text.secondary"
                              sx={{ display: { xs: 'block', sm: 'none' } }}
                            >
                              {`${files.size(file.size)} · ${t('files.by', { name: file.uploadedBy, date: formatDateTime(file.uploadedAt) })}`}
                            </Typography>
                            <SignatureLine
                              info={signatures.of(file.id)}
                              name={file.name}
                              onDownload={(path, name) => void signatures.download(path, name)}
                            />
                          </TableCell>
                          <TableCell align="right" sx={{ display: wide }}>
                            {files.size(file.size)}
                          </TableCell>
                          <TableCell sx={{ display: wide }}>{file.uploadedBy}</TableCell>
                          <TableCell sx={{ display: wide }}>{formatDateTime(file.uploadedAt)}</TableCell>
                          <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                            <Tooltip title={t('files.download', { name: file.name })}>
                              <IconButton
                                size="small"
                                aria-label={t('files.download', { name: file.name })}
                                onClick={() => void files.download(file)}
                              >
                                <DownloadOutlined fontSize="small" />
                              </IconButton>
                            </Tooltip>
                            {files.canEdit && (
                              <Tooltip
                                title={
                                  signatures.of(file.id)?.signedByMe
                                    ? t('signature.alreadySigned')
                                    : t('signature.sign', { name: file.name })
                                }
                              >
                                <span>
                                  <IconButton
                                    size="small"
                                    aria-label={t('signature.sign', { name: file.name })}
                                    disabled={!signatures.of(file.id) || signatures.of(file.id)?.signedByMe}
                                    onClick={() => setSigning(file)}
                                  >
                                    <DrawOutlined fontSize="small" />
                                  </IconButton>
                                </span>
                              </Tooltip>
                            )}
                            {files.canEdit && signatures.of(file.id)?.isPdf && !signatures.of(file.id)?.stamped && (
                              <RowAction
                                label={t('signature.stamp', { name: file.name })}
                                icon={<ApprovalOutlined fontSize="small" />}
                                disabled={signatures.stamping === file.id}
                                onClick={() => void signatures.stamp(file)}
                              />
                            )}
                            {files.canEdit && (
                              <RowAction
                                label={t('files.remove', { name: file.name })}
                                icon={<DeleteOutlined fontSize="small" />}
                                disabled={files.removing === file.id}
                                onClick={() => void files.remove(file)}
                              />
                            )}
                          </TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </TableContainer>
              </Paper>
            ) : (
              <Typography variant="body2" color="text.secondary">
                {t('files.empty')}
              </Typography>
            )}
            {files.uploading > 0 && (
              <LinearProgress sx={{ mt: 1 }} aria-label={t('files.uploading', { count: files.uploading })} />
            )}
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
              {t('files.limits', { count: list.files.length, max: list.maxCount, size: files.size(list.maxSize) })}
              {` · ${files.canEdit ? t('files.dragHint') : t('files.readOnly')}`}
            </Typography>
            <FileProblemAlert problem={files.problem} />
            <FileProblemAlert problem={signatures.problem} />
            {signing && (
              <SignDialog
                file={signing}
                version={signatures.of(signing.id)?.version ?? 1}
                onSign={signatures.sign}
                onClose={() => setSigning(null)}
              />
            )}
          </>
        )}
      </RelationStates>
    </DropZone>
  );
}
